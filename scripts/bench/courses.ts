/**
 * The learning view at scale: a visible course of 50 modules with 20 lessons each in the bench
 * feed community, and what the view opens with (the course with its outline, and its first lesson)
 * through tRPC's batch against the bare-Fastify route doing the same work.
 */
import { sql } from 'drizzle-orm';
import { FEED_COMMUNITY_ID } from './feed.ts';
import { seedingDatabase, type BenchContext } from './context.ts';

export const COURSE_MODULES = 50;
export const LESSONS_PER_MODULE = 20;
/** Fixed ids, so scenario paths can name the course and its first lesson before they are seeded. */
export const BENCH_COURSE_ID = '00000000-0000-4000-8000-00000000c0c0';
export const BENCH_FIRST_LESSON_ID = '00000000-0000-4000-8000-00000000c0c1';

const batchInput = encodeURIComponent(JSON.stringify({ 0: { json: { courseId: BENCH_COURSE_ID } }, 1: { json: { lessonId: BENCH_FIRST_LESSON_ID } } }));
export const courseTrpcPath = `/trpc/courses.byId,courses.lesson?batch=1&input=${batchInput}`;
export const courseFastifyPath = `/api/bench/course/${BENCH_COURSE_ID}/${BENCH_FIRST_LESSON_ID}`;

const LESSON_TEXT = '<h2>What you will learn</h2><p>A lesson of the bench course, with <strong>rich</strong> text and a list:</p><ul><li>one</li><li>two</li></ul>';

/** Seeds the course in the bench feed community (owned by the bench user, so seedFeed runs first). */
export async function seedCourse(ctx: BenchContext): Promise<void> {
  const db = seedingDatabase(ctx, 'the course scenarios are skipped');
  if (!db) return;
  const started = Date.now();
  await db.execute(sql`
    INSERT INTO courses (id, owner_id, community_id, title, description, is_private)
    VALUES (${BENCH_COURSE_ID}, ${ctx.user.id}, ${FEED_COMMUNITY_ID}, 'The bench course', 'Fifty modules of twenty lessons each.', false)`);
  await db.execute(sql`
    INSERT INTO course_modules (course_id, title, "order", content)
    SELECT ${BENCH_COURSE_ID}, 'Module ' || m, m, ${LESSON_TEXT} FROM generate_series(1, ${COURSE_MODULES}) AS m`);
  await db.execute(sql`
    INSERT INTO lessons (id, module_id, title, "order", video_url, content)
    SELECT CASE WHEN m."order" = 1 AND l = 1 THEN ${BENCH_FIRST_LESSON_ID}::uuid ELSE gen_random_uuid() END,
           m.id, 'Lesson ' || m."order" || '.' || l, l,
           CASE WHEN l % 2 = 0 THEN 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' END, ${LESSON_TEXT}
    FROM course_modules m, generate_series(1, ${LESSONS_PER_MODULE}) AS l
    WHERE m.course_id = ${BENCH_COURSE_ID}`);
  // The bench user has finished the first module's lessons, so the outline's ticks are real work.
  await db.execute(sql`
    INSERT INTO lesson_completions (user_id, lesson_id, course_id)
    SELECT ${ctx.user.id}, l.id, ${BENCH_COURSE_ID} FROM lessons l JOIN course_modules m ON m.id = l.module_id
    WHERE m.course_id = ${BENCH_COURSE_ID} AND m."order" = 1`);
  await db.execute(sql`ANALYZE course_modules`);
  await db.execute(sql`ANALYZE lessons`);
  await db.execute(sql`ANALYZE lesson_completions`);
  console.log(`[seeded a course of ${COURSE_MODULES} modules × ${LESSONS_PER_MODULE} lessons in ${((Date.now() - started) / 1000).toFixed(1)} s]`);
}

/** Checks the learning view got the whole outline and the first lesson. */
export function isBenchCourse(payload: unknown): void {
  const [course, lesson] = (payload as Array<{ json: { modules?: Array<{ lessons: unknown[] }>; id?: string } }> | null) ?? [];
  const lessons = course?.json.modules?.reduce((n, m) => n + m.lessons.length, 0);
  if (course?.json.modules?.length !== COURSE_MODULES || lessons !== COURSE_MODULES * LESSONS_PER_MODULE || lesson?.json.id !== BENCH_FIRST_LESSON_ID) {
    throw new Error(`Expected the bench course's outline and first lesson, got ${JSON.stringify(payload).slice(0, 300)}`);
  }
}
