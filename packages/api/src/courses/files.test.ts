import { courseModules, lessons, uploads } from '@app/db/schema';
import { CONTENT_MESSAGES } from '@app/shared/courses';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, storeTestUpload, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();

const as = (userId: string | null) => callerFor(scene.database, userId).courses;
const upload = (userId: string, bucket: 'documents-courses' | 'images-courses', ext: string) =>
  storeTestUpload(scene.database, userId, bucket, `${userId}/${crypto.randomUUID()}.${ext}`);
const stored = async (bucket: string, key: string) => (await scene.database.db.$count(uploads, and(eq(uploads.bucket, bucket), eq(uploads.key, key)))) === 1;

async function newCourse() {
  return as(scene.world.owner).create({ communityId: scene.world.community.id, title: 'Files', description: 'With files', visibleToMembers: true });
}

describe('course files', () => {
  it("a module keeps the owner's documents and images, links them to the checked route, and deletes the ones left out", async () => {
    const course = await newCourse();
    const [pdf, txt] = [await upload(scene.world.owner, 'documents-courses', 'pdf'), await upload(scene.world.owner, 'documents-courses', 'txt')];
    const image = await upload(scene.world.owner, 'images-courses', 'webp');
    const moduleId = crypto.randomUUID();
    const base = { courseId: course.id, clientId: moduleId, title: 'Week 1', content: '<p>Read</p>', videoUrl: null };
    await as(scene.world.owner).saveModule({ ...base, documentKeys: [pdf, txt], imageKeys: [image] });

    const seen = await as(scene.world.member).module({ moduleId });
    expect(seen.documents).toEqual([
      { key: pdf, url: `/api/course-modules/${moduleId}/files/${pdf}` },
      { key: txt, url: `/api/course-modules/${moduleId}/files/${txt}` },
    ]);
    expect(seen.images).toEqual([{ key: image, url: `/api/course-modules/${moduleId}/files/${image}` }]);
    expect(seen).not.toHaveProperty('filesUrls');

    // Saving again without the text file keeps the rest and deletes it from the store.
    await as(scene.world.owner).saveModule({ ...base, documentKeys: [pdf], imageKeys: [image] });
    const [row] = await scene.database.db.select().from(courseModules).where(eq(courseModules.id, moduleId));
    expect(row).toMatchObject({ filesUrls: [pdf], imagesUrls: [image] });
    expect(await stored('documents-courses', txt)).toBe(false);
    expect(await stored('documents-courses', pdf)).toBe(true);
  });

  it("refuses someone else's upload, an image given as a document, and too many files, changing nothing", async () => {
    const course = await newCourse();
    const moduleId = crypto.randomUUID();
    const base = { courseId: course.id, clientId: moduleId, title: 'Week 1', content: null, videoUrl: null };
    const theirs = await upload(scene.world.member, 'documents-courses', 'pdf');
    await expect(as(scene.world.owner).saveModule({ ...base, documentKeys: [theirs] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTENT_MESSAGES.fileUploadFailed });
    const image = await upload(scene.world.owner, 'images-courses', 'webp');
    await expect(as(scene.world.owner).saveModule({ ...base, documentKeys: [image] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTENT_MESSAGES.fileUploadFailed });
    const many = Array.from({ length: 21 }, (_, i) => `${scene.world.owner}/${i}.pdf`);
    await expect(as(scene.world.owner).saveModule({ ...base, documentKeys: many })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(CONTENT_MESSAGES.tooManyFiles(20)),
    });
    expect(await scene.database.db.$count(courseModules, eq(courseModules.id, moduleId))).toBe(0);
    // A member cannot attach files to the owner's module at all.
    await expect(as(scene.world.member).saveModule({ ...base, imageKeys: [image] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("a lesson's resource: set, kept when left out, replaced (the old one deleted), removed; members get only its link", async () => {
    const lessonId = scene.world.lesson.id;
    const base = { lessonId, title: 'Welcome', content: '<p>Hi</p>', videoUrl: null };
    const first = await upload(scene.world.owner, 'documents-courses', 'pdf');
    await as(scene.world.owner).updateLesson({ ...base, fileKey: first });
    expect(await as(scene.world.owner).lesson({ lessonId })).toMatchObject({ fileKey: first, fileUrl: `/api/lessons/${lessonId}/file` });
    expect(await as(scene.world.member).lesson({ lessonId })).toMatchObject({ fileKey: null, fileUrl: `/api/lessons/${lessonId}/file` });

    await as(scene.world.owner).updateLesson(base);
    expect((await as(scene.world.owner).lesson({ lessonId })).fileKey).toBe(first);

    const picture = await upload(scene.world.owner, 'images-courses', 'gif');
    await as(scene.world.owner).updateLesson({ ...base, fileKey: picture });
    expect((await scene.database.db.select({ fileUrl: lessons.fileUrl }).from(lessons).where(eq(lessons.id, lessonId)))[0]!.fileUrl).toBe(picture);
    expect(await stored('documents-courses', first)).toBe(false);

    const theirs = await upload(scene.world.member, 'documents-courses', 'pdf');
    await expect(as(scene.world.owner).updateLesson({ ...base, fileKey: theirs })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await as(scene.world.owner).lesson({ lessonId })).fileKey).toBe(picture);

    await as(scene.world.owner).updateLesson({ ...base, fileKey: null });
    expect(await as(scene.world.member).lesson({ lessonId })).toMatchObject({ fileUrl: null });
    expect(await stored('images-courses', picture)).toBe(false);
  });

  it('renames modules and lessons for the owner only, with the title rules of the editor', async () => {
    const { courseModule, lesson } = scene.world;
    await expect(as(scene.world.member).renameModule({ moduleId: courseModule.id, title: 'Mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(scene.world.stranger).renameLesson({ lessonId: lesson.id, title: 'Mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(scene.world.owner).renameLesson({ lessonId: lesson.id, title: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(CONTENT_MESSAGES.titleRequired) });
    expect(await as(scene.world.owner).renameModule({ moduleId: courseModule.id, title: 'Getting started' })).toEqual({ moduleId: courseModule.id, title: 'Getting started' });
    await as(scene.world.owner).renameLesson({ lessonId: lesson.id, title: 'Hello there' });
    const outline = await as(scene.world.member).byId({ courseId: scene.world.course.id });
    expect(outline.modules[0]).toMatchObject({ title: 'Getting started', lessons: [{ title: 'Hello there' }] });
  });
});

describe('completion rate', () => {
  it("the owner sees each course's members, finishers and average progress; members see no stats", async () => {
    const course = await newCourse();
    const moduleId = crypto.randomUUID();
    await as(scene.world.owner).saveModule({ courseId: course.id, clientId: moduleId, title: 'Only', content: null, videoUrl: null });
    const a = await as(scene.world.owner).addLesson({ moduleId });
    const b = await as(scene.world.owner).addLesson({ moduleId });
    const statsOf = async () => (await as(scene.world.owner).list({ communityId: scene.world.community.id })).find((c) => c.id === course.id)!.stats;
    // Approved members other than the owner: member and other (the applicant waits, the removed one left).
    expect(await statsOf()).toEqual({ members: 2, finished: 0, averagePercent: 0 });

    await as(scene.world.member).setComplete({ lessonId: a.id, completed: true });
    await as(scene.world.member).setComplete({ lessonId: b.id, completed: true });
    await as(scene.world.other).setComplete({ lessonId: a.id, completed: true });
    // The owner's own ticks do not count.
    await as(scene.world.owner).setComplete({ lessonId: a.id, completed: true });
    // 3 of 4 possible lessons: 75%; one member finished.
    expect(await statsOf()).toEqual({ members: 2, finished: 1, averagePercent: 75 });

    const [mine] = (await as(scene.world.member).list({ communityId: scene.world.community.id })).filter((c) => c.id === course.id);
    expect(mine).toMatchObject({ stats: null, completedCount: 2, lessonCount: 2 });
  });
});
