import { courseModules, courses, lessonCompletions, lessons, liveEvents } from '@app/db/schema';
import { CONTENT_MESSAGES, COURSE_MESSAGES } from '@app/shared/courses';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, storeTestUpload, testSubscription, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();

const as = (userId: string | null) => callerFor(scene.database, userId).courses;
const communityId = () => scene.world.community.id;

describe('courses', () => {
  it('a new course is private by default: only the owner lists or opens it, and members cannot find it by id', async () => {
    const course = await as(scene.world.owner).create({ communityId: communityId(), title: 'Knife skills', description: 'Cut safely' });
    expect(course).toMatchObject({ title: 'Knife skills', isPrivate: true, moduleCount: 0, lessonCount: 0, coverUrl: null });
    expect((await as(scene.world.owner).list({ communityId: communityId() })).map((c) => c.id)).toContain(course.id);
    expect((await as(scene.world.member).list({ communityId: communityId() })).map((c) => c.id)).not.toContain(course.id);
    await expect(as(scene.world.member).byId({ courseId: course.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: COURSE_MESSAGES.notFound });
    await expect(as(scene.world.stranger).byId({ courseId: course.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly });
    await expect(as(scene.world.stranger).list({ communityId: communityId() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(null).list({ communityId: communityId() })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    // Made visible, members see it, newest first.
    await as(scene.world.owner).update({ courseId: course.id, title: 'Knife skills', description: 'Cut safely', isPrivate: false });
    const listed = await as(scene.world.member).list({ communityId: communityId() });
    expect(listed[0]).toMatchObject({ id: course.id, isPrivate: false });
    expect(await as(scene.world.member).byId({ courseId: course.id })).toMatchObject({ id: course.id, isOwner: false, modules: [] });
  });

  it("'Allow members to view this course immediately' publishes at once; only the owner creates, edits or deletes", async () => {
    const course = await as(scene.world.owner).create({ communityId: communityId(), title: 'Open', description: 'For all', visibleToMembers: true });
    expect(course.isPrivate).toBe(false);
    for (const who of [scene.world.member, scene.world.applicant, scene.world.removed, scene.world.stranger]) {
      await expect(as(who).create({ communityId: communityId(), title: 'Mine', description: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).update({ courseId: course.id, title: 'Hijacked', description: 'x', isPrivate: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).delete({ courseId: course.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const [row] = await scene.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ title: 'Open', isPrivate: false });
    expect(await as(scene.world.owner).delete({ courseId: course.id })).toEqual({ courseId: course.id });
    await expect(as(scene.world.owner).byId({ courseId: course.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses bad details with the words the form shows, changing nothing', async () => {
    const before = await scene.database.db.$count(courses);
    await expect(as(scene.world.owner).create({ communityId: communityId(), title: 'T', description: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(COURSE_MESSAGES.descriptionRequired) });
    await expect(as(scene.world.owner).create({ communityId: communityId(), title: 'T', description: 'd', introVideoUrl: 'https://evil.example/x' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(COURSE_MESSAGES.introVideo),
    });
    // A cover and an intro video at once: one or the other.
    const cover = await storeTestUpload(scene.database, scene.world.owner, 'course_covers', `${scene.world.owner}/${crypto.randomUUID()}.webp`);
    await expect(
      as(scene.world.owner).create({ communityId: communityId(), title: 'T', description: 'd', coverKey: cover, introVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Someone else's upload is not a cover for this course.
    const theirs = await storeTestUpload(scene.database, scene.world.member, 'course_covers', `${scene.world.member}/${crypto.randomUUID()}.webp`);
    await expect(as(scene.world.owner).create({ communityId: communityId(), title: 'T', description: 'd', coverKey: theirs })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: COURSE_MESSAGES.coverUploadFailed,
    });
    expect(await scene.database.db.$count(courses)).toBe(before);
    const withCover = await as(scene.world.owner).create({ communityId: communityId(), title: 'Covered', description: 'd', coverKey: cover });
    expect(withCover.coverUrl).toBe(`/api/courses/${withCover.id}/cover`);
    // The owner's editor gets the cover's key (to keep it when saving); members never do.
    expect(await as(scene.world.owner).byId({ courseId: withCover.id })).toMatchObject({ coverKey: cover });
    await as(scene.world.owner).update({ courseId: withCover.id, title: 'Covered', description: 'd', coverKey: cover, isPrivate: false });
    expect(await as(scene.world.member).byId({ courseId: withCover.id })).toMatchObject({ coverKey: null, coverUrl: `/api/courses/${withCover.id}/cover` });
  });

  it('opens with its outline in order, and each member sees their own ticks and count', async () => {
    const courseId = (await as(scene.world.owner).create({ communityId: communityId(), title: 'Outline', description: 'd', visibleToMembers: true })).id;
    const [second, first] = await scene.database.db
      .insert(courseModules)
      .values([
        { courseId, title: 'Second', order: 2 },
        { courseId, title: 'First', order: 1, requiredLevel: 2, imagesUrls: ['u/diagram.webp'] },
      ])
      .returning();
    const [, a] = await scene.database.db
      .insert(lessons)
      .values([
        { moduleId: first!.id, title: 'Lesson B', order: 2 },
        { moduleId: first!.id, title: 'Lesson A', order: 1, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        { moduleId: second!.id, title: 'Lesson C', order: 1 },
      ])
      .returning();
    await scene.database.db.insert(lessonCompletions).values({ userId: scene.world.member, lessonId: a!.id, courseId });
    const mine = await as(scene.world.member).byId({ courseId });
    expect(mine.modules.map((m) => [m.title, m.requiredLevel, m.lessons.map((l) => [l.title, l.completed, l.hasVideo])])).toEqual([
      ['First', 2, [['Lesson A', true, true], ['Lesson B', false, false]]],
      ['Second', null, [['Lesson C', false, false]]],
    ]);
    // The outline is lean: no lesson's text (it comes when the lesson opens), nothing the nesting says.
    expect(Object.keys(mine.modules[0]!).sort()).toEqual(['hasOverview', 'id', 'lessons', 'locked', 'requiredLevel', 'title']);
    expect(Object.keys(mine.modules[0]!.lessons[0]!).sort()).toEqual(['completed', 'hasVideo', 'id', 'title']);
    // A module with text, a video or files has a page of its own in the learning view.
    expect(mine.modules.map((m) => m.hasOverview)).toEqual([true, false]);
    expect(mine).toMatchObject({ moduleCount: 2, lessonCount: 3, completedCount: 1 });
    expect(await as(scene.world.other).byId({ courseId })).toMatchObject({ completedCount: 0 });
  });

  it("announces changes on the community's live topic by id only", async () => {
    const course = await as(scene.world.owner).create({ communityId: communityId(), title: 'Announced', description: 'Secret syllabus text' });
    const events = await scene.database.db
      .select({ type: liveEvents.type, payload: liveEvents.payload })
      .from(liveEvents)
      .where(and(eq(liveEvents.topic, `community:${communityId()}`), like(liveEvents.type, 'course.%')));
    expect(events.map((e) => e.type)).toContain('course.created');
    expect(JSON.stringify(events)).toContain(course.id);
    expect(JSON.stringify(events)).not.toContain('Secret syllabus');
  });
});

describe('course content', () => {
  it('builds modules and lessons in order, saving a new module under its client id and updating it after', async () => {
    const courseId = (await as(scene.world.owner).create({ communityId: communityId(), title: 'Bread', description: 'Bake it', visibleToMembers: true })).id;
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    expect(await as(scene.world.owner).saveModule({ courseId, clientId: first, title: 'Flour', content: '<p>Types of flour</p>' })).toMatchObject({
      id: first,
      created: true,
      message: CONTENT_MESSAGES.moduleCreated,
    });
    await as(scene.world.owner).saveModule({ courseId, clientId: second, title: 'Water' });
    expect(await as(scene.world.owner).saveModule({ courseId, clientId: first, title: 'Flours', content: '<p>Types</p>', requiredLevel: 3 })).toMatchObject({
      created: false,
      message: CONTENT_MESSAGES.moduleSaved,
    });
    const lessonA = await as(scene.world.owner).addLesson({ moduleId: first });
    const lessonB = await as(scene.world.owner).addLesson({ moduleId: first, title: 'Rye' });
    expect(lessonA).toMatchObject({ title: CONTENT_MESSAGES.newLesson, order: 1 });
    expect(lessonB).toMatchObject({ title: 'Rye', order: 2 });

    await as(scene.world.owner).reorderModules({ courseId, moduleIds: [second, first] });
    await as(scene.world.owner).reorderLessons({ moduleId: first, lessonIds: [lessonB.id, lessonA.id] });
    const outline = (await as(scene.world.member).byId({ courseId })).modules;
    expect(outline.map((m) => [m.title, m.requiredLevel, m.lessons.map((l) => l.title)])).toEqual([
      ['Water', null, []],
      ['Flours', 3, ['Rye', CONTENT_MESSAGES.newLesson]],
    ]);
    // An order that leaves one out, or names another course's module, changes nothing.
    await expect(as(scene.world.owner).reorderModules({ courseId, moduleIds: [first] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CONTENT_MESSAGES.order });
    await expect(as(scene.world.owner).reorderModules({ courseId, moduleIds: [first, scene.world.courseModule.id] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // A client id that is another course's module is not taken over.
    await expect(as(scene.world.owner).saveModule({ courseId, clientId: scene.world.courseModule.id, title: 'Stolen' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await as(scene.world.owner).module({ moduleId: scene.world.courseModule.id })).title).toBe('Week 1');

    await as(scene.world.owner).deleteLesson({ lessonId: lessonA.id });
    await as(scene.world.owner).deleteModule({ moduleId: second });
    expect((await as(scene.world.owner).byId({ courseId })).modules.map((m) => [m.title, m.lessons.length])).toEqual([['Flours', 1]]);
  });

  it('stores rich text sanitized: a script or an onerror handler never reaches a member', async () => {
    const courseId = (await as(scene.world.owner).create({ communityId: communityId(), title: 'Safe', description: 'd', visibleToMembers: true })).id;
    const moduleId = crypto.randomUUID();
    await as(scene.world.owner).saveModule({
      courseId,
      clientId: moduleId,
      title: 'M',
      content: '<p>Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>',
    });
    const saved = await as(scene.world.member).module({ moduleId });
    expect(saved.content).not.toMatch(/script|onerror|javascript:|iframe|alert/);
    expect(saved.content).toContain('<p>Hi</p>');
    const lesson = await as(scene.world.owner).addLesson({ moduleId });
    await as(scene.world.owner).updateLesson({
      lessonId: lesson.id,
      title: 'L',
      content: '<h2 onclick="x()">Step</h2><p><a href="https://example.com">link</a><img src="https://example.com/a.png" onerror="steal()"></p>',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    const read = await as(scene.world.member).lesson({ lessonId: lesson.id });
    expect(read.content).toBe('<h2>Step</h2><p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a><img src="https://example.com/a.png" /></p>');
    expect(read).toMatchObject({ title: 'L', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', completed: false });
  });

  it("saves each member's progress on their own; a private course's lessons are out of reach", async () => {
    const courseId = (await as(scene.world.owner).create({ communityId: communityId(), title: 'Progress', description: 'd', visibleToMembers: true })).id;
    const moduleId = crypto.randomUUID();
    await as(scene.world.owner).saveModule({ courseId, clientId: moduleId, title: 'M' });
    const [one, two] = [await as(scene.world.owner).addLesson({ moduleId }), await as(scene.world.owner).addLesson({ moduleId })];
    expect(await as(scene.world.member).setComplete({ lessonId: one.id, completed: true })).toMatchObject({ completedCount: 1, lessonCount: 2 });
    expect(await as(scene.world.member).setComplete({ lessonId: one.id, completed: true })).toMatchObject({ completedCount: 1 });
    expect(await as(scene.world.member).setComplete({ lessonId: two.id, completed: true })).toMatchObject({ completedCount: 2 });
    expect(await as(scene.world.member).setComplete({ lessonId: two.id, completed: false })).toMatchObject({ completedCount: 1 });
    expect((await as(scene.world.other).byId({ courseId })).completedCount).toBe(0);
    expect((await as(scene.world.member).list({ communityId: communityId() })).find((c) => c.id === courseId)).toMatchObject({ completedCount: 1, lessonCount: 2 });

    await as(scene.world.owner).update({ courseId, title: 'Progress', description: 'd', isPrivate: true });
    for (const call of [() => as(scene.world.member).lesson({ lessonId: one.id }), () => as(scene.world.member).setComplete({ lessonId: one.id, completed: true }), () => as(scene.world.member).module({ moduleId })]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND', message: COURSE_MESSAGES.notFound });
    }
    await expect(as(scene.world.stranger).lesson({ lessonId: one.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("tells members' open pages of visible courses only, and that a course they saw is gone when made private, never a private course's id", async () => {
    const watch = (userId: string) => testSubscription((signal) => callerFor(scene.database, userId, { signal }).courses.onChange({ communityId: communityId() }));
    const member = await watch(scene.world.member);
    const owner = await watch(scene.world.owner);
    const ownerHears = owner.nextWhere((e) => e.type === 'course.created' && e.courseId !== scene.world.course.id);
    const memberHears = member.next();
    const hidden = await as(scene.world.owner).create({ communityId: communityId(), title: 'Draft', description: 'd' });
    const shown = await as(scene.world.owner).create({ communityId: communityId(), title: 'Live', description: 'd', visibleToMembers: true });
    expect((await ownerHears).data).toEqual({ type: 'course.created', courseId: hidden.id });
    // The member's first event is the visible course: the private one was never announced to them.
    expect((await memberHears).data).toEqual({ type: 'course.created', courseId: shown.id });
    // The owner edits and deletes a course members never saw: they hear nothing of it, not even its id.
    await as(scene.world.owner).update({ courseId: hidden.id, title: 'Draft 2', description: 'd', isPrivate: true });
    await as(scene.world.owner).delete({ courseId: hidden.id });
    await as(scene.world.owner).update({ courseId: shown.id, title: 'Live', description: 'd', isPrivate: true });
    expect((await member.next()).data).toEqual({ type: 'course.gone', courseId: shown.id });
    // Once private, its later edits and its deletion are not news to members either.
    await as(scene.world.owner).update({ courseId: shown.id, title: 'Live 2', description: 'd', isPrivate: true });
    await as(scene.world.owner).delete({ courseId: shown.id });
    const last = await as(scene.world.owner).create({ communityId: communityId(), title: 'Next', description: 'd', visibleToMembers: true });
    expect((await member.next()).data).toEqual({ type: 'course.created', courseId: last.id });
    member.close();
    owner.close();
  });
});
