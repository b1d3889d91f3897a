import { courseModules, lessons } from '@app/db/schema';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from '@app/shared/courses';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();

const as = (userId: string | null) => callerFor(scene.database, userId).courses;
const owner = () => as(scene.world.owner);
const { modulesMax, lessonsPerModuleMax } = CONTENT_LIMITS;

async function newCourse() {
  return (await owner().create({ communityId: scene.world.community.id, title: 'Full', description: 'Up to the brim' })).id;
}

/** `count` rows made by `row` from their position (1 on), as the editor would have numbered them. */
const numbered = <T>(count: number, row: (n: number) => T) => Array.from({ length: count }, (_, i) => row(i + 1));
const idsOf = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

/** `count` modules (or lessons) put straight in the database, in order. */
const fillModules = async (courseId: string, count: number) =>
  idsOf(await scene.database.db.insert(courseModules).values(numbered(count, (n) => ({ courseId, title: `Module ${n}`, order: n }))).returning({ id: courseModules.id }));
const fillLessons = async (moduleId: string, count: number) =>
  idsOf(await scene.database.db.insert(lessons).values(numbered(count, (n) => ({ moduleId, title: `Lesson ${n}`, order: n }))).returning({ id: lessons.id }));

const moduleCount = (courseId: string) => scene.database.db.$count(courseModules, eq(courseModules.courseId, courseId));
const lessonCount = (moduleId: string) => scene.database.db.$count(lessons, eq(lessons.moduleId, moduleId));

describe('the caps on a course', () => {
  it(`a course holds at most ${modulesMax} modules: a new one past it is refused in words, saving an existing one and reordering still work`, async () => {
    const courseId = await newCourse();
    const ids = await fillModules(courseId, modulesMax - 1);
    const last = crypto.randomUUID();
    await owner().saveModule({ courseId, clientId: last, title: 'The last one' });
    await expect(owner().saveModule({ courseId, clientId: crypto.randomUUID(), title: 'One too many' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: CONTENT_MESSAGES.tooManyModules(modulesMax),
    });
    expect(await moduleCount(courseId)).toBe(modulesMax);
    expect(await owner().saveModule({ courseId, clientId: last, title: 'Renamed on save' })).toMatchObject({ created: false });
    await owner().reorderModules({ courseId, moduleIds: [last, ...ids] });
  });

  it('two new modules racing for the last place: one is saved, the other refused', async () => {
    const courseId = await newCourse();
    await fillModules(courseId, modulesMax - 1);
    const results = await Promise.allSettled([0, 1].map((i) => owner().saveModule({ courseId, clientId: crypto.randomUUID(), title: `Racer ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'BAD_REQUEST', message: CONTENT_MESSAGES.tooManyModules(modulesMax) } });
    expect(await moduleCount(courseId)).toBe(modulesMax);
  });

  it(`a module holds at most ${lessonsPerModuleMax} lessons: one past it is refused in words, even when two race for the last place; reordering still works`, async () => {
    const courseId = await newCourse();
    const moduleId = crypto.randomUUID();
    await owner().saveModule({ courseId, clientId: moduleId, title: 'Crowded' });
    const ids = await fillLessons(moduleId, lessonsPerModuleMax - 1);
    const results = await Promise.allSettled([0, 1].map((i) => owner().addLesson({ moduleId, title: `Racer ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'BAD_REQUEST', message: CONTENT_MESSAGES.tooManyLessons(lessonsPerModuleMax) } });
    await expect(owner().addLesson({ moduleId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTENT_MESSAGES.tooManyLessons(lessonsPerModuleMax) });
    expect(await lessonCount(moduleId)).toBe(lessonsPerModuleMax);
    const added = results.find((r) => r.status === 'fulfilled')!;
    await owner().reorderLessons({ moduleId, lessonIds: [(added as PromiseFulfilledResult<{ id: string }>).value.id, ...ids] });
    // Another module of the same course has its own room.
    const other = crypto.randomUUID();
    await owner().saveModule({ courseId, clientId: other, title: 'Roomy' });
    expect(await owner().addLesson({ moduleId: other })).toMatchObject({ order: 1 });
  });

  it('adding a lesson to a module that no longer exists is NOT_FOUND', async () => {
    await expect(owner().addLesson({ moduleId: crypto.randomUUID() })).rejects.toMatchObject({ code: expect.stringMatching(/NOT_FOUND|FORBIDDEN/) });
  });
});
