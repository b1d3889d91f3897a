import type { Queryable } from '@app/db';
import { courseModules, courses, lessonCompletions, lessons } from '@app/db/schema';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTENT_MESSAGES, COURSE_MESSAGES } from '@app/shared/courses';
import { contentTypeOfKey, type BucketName } from '@app/shared/uploads';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { type CourseEvent, coursesTopic } from './events.ts';
import { fanOutLater } from '../notifications/service.ts';

/** Where a course's cover is served, to those who may see the course (never from a public bucket). */
export const courseCoverPath = (courseId: string) => `/api/courses/${courseId}/cover`;
export const COURSE_COVER_BUCKET: BucketName = 'course_covers';

/**
 * The card's counts, as correlated subqueries. Drizzle leaves column names unqualified in a query of
 * one table, which would make `id` ambiguous inside them, so they name their columns in full.
 */
const counts = (viewerId: string) => ({
  moduleCount: sql<number>`(select count(*)::int from course_modules m where m.course_id = courses.id)`,
  lessonCount: sql<number>`(select count(*)::int from lessons l join course_modules m on m.id = l.module_id where m.course_id = courses.id)`,
  completedCount: sql<number>`(select count(*)::int from lesson_completions done where done.course_id = courses.id and done.user_id = ${viewerId})`,
});

/** What a course card shows, with how many of its lessons the viewer finished. */
export function courseCardColumns(viewerId: string) {
  return {
    id: courses.id,
    communityId: courses.communityId,
    title: courses.title,
    description: courses.description,
    coverUrl: sql<string | null>`case when courses.cover_url is null then null else '/api/courses/' || courses.id || '/cover' end`,
    introVideoUrl: courses.introVideoUrl,
    isPrivate: courses.isPrivate,
    createdAt: courses.createdAt,
    updatedAt: courses.updatedAt,
    ...counts(viewerId),
  };
}

/** The courses of a community a viewer may see: every one for the owner, the visible ones for members (search reads them too). */
export const visibleCourses = (communityId: string, administers: boolean) =>
  and(eq(courses.communityId, communityId), administers ? undefined : eq(courses.isPrivate, false));

/** A community's courses, newest first: every one for the owner, the visible ones for members. */
export function courseCards(db: Queryable, communityId: string, viewerId: string, administers: boolean) {
  return db
    .select(courseCardColumns(viewerId))
    .from(courses)
    .where(visibleCourses(communityId, administers))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(200);
}

export type CourseCard = Awaited<ReturnType<typeof courseCards>>[number];

/** One course's card (the caller has checked who may see it). */
export async function courseCard(db: Queryable, courseId: string, viewerId: string): Promise<CourseCard> {
  const [card] = await db.select(courseCardColumns(viewerId)).from(courses).where(eq(courses.id, courseId));
  return card!;
}

/**
 * The outline, what the learning view's first screen and the editor's tree show: modules in order,
 * each with its lessons in order, and which lessons the viewer finished. Lean, as a course may hold
 * 200 × 200 lessons: no lesson's text (courses.lesson brings it when the lesson opens), and nothing
 * the nesting and the order already say (a lesson's module, its position).
 */
export async function courseOutline(db: Queryable, courseId: string, viewerId: string) {
  const moduleRows = await db
    .select({
      id: courseModules.id,
      title: courseModules.title,
      requiredLevel: courseModules.requiredLevel,
      /** Whether the module has its own page in the learning view: text, a video or files. */
      hasOverview: sql<boolean>`(${courseModules.content} is not null or ${courseModules.videoUrl} is not null or cardinality(${courseModules.filesUrls}) > 0 or cardinality(${courseModules.imagesUrls}) > 0)`,
    })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.order), asc(courseModules.id));
  const lessonRows = await db
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      title: lessons.title,
      hasVideo: sql<boolean>`${lessons.videoUrl} is not null`,
      completed: sql<boolean>`${lessonCompletions.lessonId} is not null`,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .leftJoin(lessonCompletions, and(eq(lessonCompletions.lessonId, lessons.id), eq(lessonCompletions.userId, viewerId)))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(lessons.order), asc(lessons.id));
  const byModule = new Map(moduleRows.map((module) => [module.id, [] as Array<{ id: string; title: string; hasVideo: boolean; completed: boolean }>]));
  for (const { moduleId, ...lesson } of lessonRows) byModule.get(moduleId)?.push(lesson);
  return moduleRows.map((module) => ({ ...module, lessons: byModule.get(module.id)! }));
}

/** The course a lesson belongs to (the caller has checked the lesson exists). */
export async function courseOfLesson(db: Queryable, lessonId: string): Promise<string> {
  const [row] = await db
    .select({ courseId: courseModules.courseId })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
  return row.courseId;
}

/** The course a module belongs to (the caller has checked the module exists). */
export async function courseOfModule(db: Queryable, moduleId: string): Promise<string> {
  const [row] = await db.select({ courseId: courseModules.courseId }).from(courseModules).where(eq(courseModules.id, moduleId));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
  return row.courseId;
}

/** A course's modules or lessons changed, in the change's transaction: its card's date moves and open pages are told. */
export async function contentChanged(tx: Queryable, communityId: string, courseId: string) {
  await tx.update(courses).set({ updatedAt: sql`now()` }).where(eq(courses.id, courseId));
  await announceCourse(tx, communityId, { type: 'course.content', courseId });
}

/**
 * Puts the rows matching `scope` (a course's modules, a module's lessons) in the order of `ids`,
 * which must name each of them exactly once: anything else changes nothing and is refused.
 */
export async function applyOrder(tx: Queryable, table: typeof courseModules | typeof lessons, scope: SQL, ids: string[]) {
  const current = await tx.select({ id: table.id }).from(table).where(scope).for('update');
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || current.length !== ids.length || current.some((row) => !wanted.has(row.id))) {
    throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.order);
  }
  if (ids.length === 0) return;
  const positions = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${table} set "order" = position.n from (values ${positions}) as position(id, n) where ${table}.id = position.id`);
}

/** Where a course's cover is stored (the caller has checked who may see the course). */
export async function courseCover(db: Queryable, courseId: string) {
  const [row] = await db.select({ key: courses.coverUrl }).from(courses).where(eq(courses.id, courseId));
  if (!row?.key) throw new AppError('NOT_FOUND', COURSE_MESSAGES.notFound);
  return { bucket: COURSE_COVER_BUCKET, key: row.key, contentType: contentTypeOfKey(row.key) ?? 'application/octet-stream' };
}

/** Announces a course change to the community's open pages (in the change's transaction). */
export function announceCourse(tx: Queryable, communityId: string, event: CourseEvent) {
  return publish(tx, coursesTopic(communityId), event);
}

/** Tells the community's members of a course made visible to them (once per course). */
export function publishedCourse(tx: Queryable, communityId: string, courseId: string, actorId: string): Promise<void> {
  return fanOutLater(tx, { key: `course.published:${courseId}`, kind: 'course.published', communityId, actorId, courseId });
}

/** Tells the members of a new module, when its course is visible to them (once per module). */
export async function publishedModule(tx: Queryable, communityId: string, courseId: string, moduleId: string, actorId: string): Promise<void> {
  const [course] = await tx.select({ isPrivate: courses.isPrivate }).from(courses).where(eq(courses.id, courseId));
  if (course && !course.isPrivate) await fanOutLater(tx, { key: `module.published:${moduleId}`, kind: 'module.published', communityId, actorId, courseId, moduleId });
}
