import type { Queryable } from '@app/db';
import { communityMembers, courseModules, courses, lessonCompletions, lessons } from '@app/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';

/** How a course is going, for its owner: of the community's members (the owner aside), how far they got. */
export interface CourseStats {
  /** Approved members other than the owner. */
  members: number;
  /** Of them, those who finished every lesson. */
  finished: number;
  /** Their average progress through the course's lessons, 0 to 100, rounded once. */
  averagePercent: number;
}

/** Each course's stats in a community, counted from the completions of its current members. */
export async function courseStats(db: Queryable, communityId: string, ownerId: string): Promise<(courseId: string) => CourseStats> {
  const [{ members } = { members: 0 }] = await db
    .select({ members: sql<number>`count(*)::int` })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.status, 'approved'), ne(communityMembers.userId, ownerId)));
  const totals = db.$with('totals').as(
    db
      .select({ courseId: courseModules.courseId, lessons: sql<number>`count(${lessons.id})::int`.as('lessons') })
      .from(courses)
      .innerJoin(courseModules, eq(courseModules.courseId, courses.id))
      .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
      .where(eq(courses.communityId, communityId))
      .groupBy(courseModules.courseId),
  );
  const perMember = db.$with('per_member').as(
    db
      .select({ courseId: lessonCompletions.courseId, userId: lessonCompletions.userId, done: sql<number>`count(*)::int`.as('done') })
      .from(lessonCompletions)
      .innerJoin(courses, and(eq(courses.id, lessonCompletions.courseId), eq(courses.communityId, communityId)))
      .innerJoin(
        communityMembers,
        and(
          eq(communityMembers.communityId, communityId),
          eq(communityMembers.userId, lessonCompletions.userId),
          eq(communityMembers.status, 'approved'),
          ne(communityMembers.userId, ownerId),
        ),
      )
      .groupBy(lessonCompletions.courseId, lessonCompletions.userId),
  );
  const rows = await db
    .with(totals, perMember)
    .select({
      courseId: totals.courseId,
      lessons: totals.lessons,
      done: sql<number>`coalesce(sum(${perMember.done}), 0)::int`,
      finished: sql<number>`(count(${perMember.userId}) filter (where ${perMember.done} >= ${totals.lessons}))::int`,
    })
    .from(totals)
    .leftJoin(perMember, eq(perMember.courseId, totals.courseId))
    .groupBy(totals.courseId, totals.lessons);
  const byCourse = new Map(rows.map((row) => [row.courseId, row]));
  return (courseId) => {
    const row = byCourse.get(courseId);
    const possible = members * (row?.lessons ?? 0);
    return { members, finished: row?.finished ?? 0, averagePercent: row && possible > 0 ? Math.round((100 * row.done) / possible) : 0 };
  };
}
