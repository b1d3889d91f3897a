import type { Queryable } from '@app/db';
import { communityMembers, courseModules, courses, memberPoints } from '@app/db/schema';
import { LEVEL_THRESHOLDS, levelOf, MAX_LEVEL, pointsToNextLevel } from '@app/shared/levels';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { pointsOf, rankedMember, type BoardCommunity } from './board.ts';

/** The level a points column reaches, in SQL (the thresholds of @app/shared/levels). */
const levelCase = sql.join(
  [sql`case`, ...[...LEVEL_THRESHOLDS].reverse().map((min, i) => sql`when ${memberPoints.points} >= ${min} then ${MAX_LEVEL - i}`), sql`else 1 end`],
  sql` `,
);

/**
 * The levels page: the nine levels with the share of the community's members (the owner aside) at
 * each, counted from the real members, the course modules each level opens (in courses the viewer
 * may see), and the viewer's points, level and what the next one needs.
 */
export async function levelsSummary(db: Queryable, community: BoardCommunity, viewerId: string) {
  const isOwner = community.ownerId === viewerId;
  const [[{ members } = { members: 0 }], counted, points, unlocks] = await Promise.all([
    db.select({ members: sql<number>`count(*)::int` }).from(communityMembers).where(rankedMember(community)),
    db
      .select({ level: sql<number>`(${levelCase})::int`.as('level'), count: sql<number>`count(*)::int` })
      .from(memberPoints)
      .innerJoin(communityMembers, and(eq(communityMembers.userId, memberPoints.userId), rankedMember(community)))
      .where(and(eq(memberPoints.communityId, community.id), sql`${memberPoints.points} >= ${LEVEL_THRESHOLDS[1]}`))
      .groupBy(sql`1`),
    pointsOf(db, community.id, viewerId),
    // What each level opens here: the modules that need it, in the courses the viewer may see.
    db
      .select({ level: courseModules.requiredLevel, courseId: courses.id, courseTitle: courses.title, moduleTitle: courseModules.title })
      .from(courseModules)
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .where(and(eq(courses.communityId, community.id), isNotNull(courseModules.requiredLevel), isOwner ? undefined : eq(courses.isPrivate, false)))
      .orderBy(asc(courseModules.requiredLevel), asc(courses.createdAt), asc(courseModules.order))
      .limit(200),
  ]);
  const byLevel = new Map(counted.map((row) => [row.level, row.count]));
  const above = counted.reduce((sum, row) => sum + row.count, 0);
  const levels = LEVEL_THRESHOLDS.map((minPoints, i) => {
    const level = i + 1;
    const count = level === 1 ? members - above : (byLevel.get(level) ?? 0);
    const opens = unlocks.filter((u) => u.level === level).map(({ courseId, courseTitle, moduleTitle }) => ({ courseId, courseTitle, moduleTitle }));
    return { level, minPoints, members: count, percent: members > 0 ? Math.round((10_000 * count) / members) / 100 : 0, unlocks: opens };
  });
  return { members, levels, me: { points, level: levelOf(points), toNextLevel: pointsToNextLevel(points) } };
}
