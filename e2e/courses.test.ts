import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, describeBrowser, markPage, openCommunity, PNG, settled, shot, stillSamePage, usePeople, VIEWPORTS } from './support/index.ts';

const EMPTY = 'No courses are currently available in this community.';
const courseList = (page: Page) => page.getByRole('list', { name: 'Courses' });
const courseCard = (page: Page, title: string) => page.getByRole('article', { name: title });

/** A course built through the API as its owner: modules of lessons, each lesson with text (and the first with a video and a resource). */
async function buildCourse(page: Page, communityId: string, title: string, modules: Array<{ title: string; lessons: string[]; requiredLevel?: number }>, visible = true) {
  const course = await callTrpc<{ id: string }>(page, 'courses.create', { communityId, title, description: `${title}, step by step`, visibleToMembers: visible });
  const upload = await page.request.post('/api/uploads/course-document', {
    multipart: { file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Lesson notes: practise every day.\n') } },
  });
  expect(upload.status()).toBe(201);
  const fileKey = ((await upload.json()) as { key: string }).key;
  let first = true;
  for (const module of modules) {
    const clientId = crypto.randomUUID();
    await callTrpc(page, 'courses.saveModule', { courseId: course.id, clientId, title: module.title, content: null, videoUrl: null, requiredLevel: module.requiredLevel ?? null });
    for (const lessonTitle of module.lessons) {
      const lesson = await callTrpc<{ id: string }>(page, 'courses.addLesson', { moduleId: clientId, title: lessonTitle });
      await callTrpc(page, 'courses.updateLesson', {
        lessonId: lesson.id,
        title: lessonTitle,
        content: `<h2>${lessonTitle}</h2><p>Read <strong>carefully</strong>.</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>`,
        videoUrl: first ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
        ...(first ? { fileKey } : {}),
      });
      first = false;
    }
  }
  return course.id;
}

describeBrowser('courses', () => {
  const { communityWith } = usePeople();

  it("an owner creates courses through the form; a private one stays hidden from members, a visible one reaches a member's open tab live", async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Olive Owner'], 'Course Club', ['member', 'Mia Member']);
    await openCommunity(member.page, community.name, { tab: 'Courses' });
    await member.page.getByText(EMPTY).waitFor();
    await markPage(member.page);
    expect(await member.page.getByRole('button', { name: 'New course' }).count()).toBe(0);

    await openCommunity(owner.page, community.name, { tab: 'Courses' });
    await owner.page.getByRole('button', { name: 'New course' }).click();
    const form = owner.page.getByRole('dialog', { name: 'New course' });
    await settled(form);
    await form.getByRole('button', { name: 'Create course' }).click();
    await form.getByText('Description is required.').waitFor();
    await form.getByLabel('Title').fill('Knife Skills');
    await form.getByLabel('Description').fill('Cut safely and fast.');
    // Unchecked by default: a new course is private.
    expect(await form.getByRole('checkbox', { name: 'Allow members to view this course immediately' }).isChecked()).toBe(false);
    await form.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: "The course's cover" }).waitFor();
    // Choosing the intro video clears the cover, and the reverse.
    await form.getByText('Intro Video', { exact: true }).click();
    await form.getByLabel('Intro video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await form.getByRole('button', { name: 'Play video: Intro video preview' }).waitFor();
    await form.getByText('Cover Image', { exact: true }).click();
    expect(await form.getByRole('img', { name: "The course's cover" }).count()).toBe(0);
    await form.getByText('Intro Video', { exact: true }).click();
    expect(await form.getByLabel('Intro video URL').inputValue()).toBe('');
    await form.getByLabel('Intro video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await shot(owner.page, 'courses-form');
    await form.getByRole('button', { name: 'Create course' }).click();
    await courseCard(owner.page, 'Knife Skills').getByText('Private').waitFor();

    // Mia's open tab does not show the private course.
    await member.page.waitForTimeout(500);
    expect(await member.page.getByText(EMPTY).isVisible()).toBe(true);

    await owner.page.getByRole('button', { name: 'New course' }).click();
    await settled(form);
    await form.getByLabel('Title').fill('Bread Basics');
    await form.getByLabel('Description').fill('Flour, water, salt, time.');
    await form.getByRole('checkbox', { name: 'Allow members to view this course immediately' }).check();
    await form.getByRole('button', { name: 'Create course' }).click();
    await courseCard(owner.page, 'Bread Basics').waitFor();
    // Newest first for the owner.
    expect(await courseList(owner.page).getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual(['Bread Basics', 'Knife Skills']);
    await shot(owner.page, 'courses-owner');

    await courseCard(member.page, 'Bread Basics').waitFor();
    expect(await courseCard(member.page, 'Knife Skills').count()).toBe(0);
    await courseCard(member.page, 'Bread Basics').getByText('0 modules · 0 lessons', { exact: true }).waitFor();
    expect(await stillSamePage(member.page)).toBe(true);
    // The sidebar's card lists it too.
    await member.page.getByRole('region', { name: 'Courses' }).getByRole('link', { name: 'Bread Basics' }).waitFor();
    await shot(member.page, 'courses-member');
    await member.page.setViewportSize(VIEWPORTS.phone);
    await shot(member.page, 'courses-member-phone');
  });

  it('a member takes a course start to finish with progress kept; locked modules and private courses stay shut; lesson HTML cannot run script', async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Theo Teacher'], 'Learning Club', ['learner', 'Lea Learner']);
    const courseId = await buildCourse(owner.page, community.id, 'Sourdough', [
      { title: 'Starter', lessons: ['Feeding', 'Timing'] },
      { title: 'Baking', lessons: ['Shaping', 'Scoring'] },
    ]);

    await member.page.goto(`/course/${courseId}`);
    const lesson = member.page.getByRole('article');
    // The first module is open with its first lesson selected.
    await lesson.getByRole('heading', { name: 'Feeding', level: 2 }).first().waitFor();
    expect(await member.page.getByRole('button', { name: 'Feeding', exact: true }).getAttribute('aria-current')).toBe('true');
    expect(await lesson.getByRole('button', { name: 'Play video: Feeding' }).count()).toBe(1);
    const resource = lesson.getByRole('link', { name: 'Download Resource' });
    const download = await member.page.request.get((await resource.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(await download.text()).toContain('practise every day');
    await member.page.getByText('0% complete').waitFor();
    await shot(member.page, 'course-learning');

    for (const [title, percent, next] of [
      ['Feeding', 25, 'Timing'],
      ['Timing', 50, 'Shaping'],
      ['Shaping', 75, 'Scoring'],
      ['Scoring', 100, null],
    ] as const) {
      await lesson.getByRole('heading', { name: title, level: 2 }).first().waitFor();
      // The lesson's frame and images (a broken one, here) settle as they load: scroll to the button first.
      const mark = lesson.getByRole('button', { name: 'Mark as complete' });
      await mark.scrollIntoViewIfNeeded();
      await member.page.waitForTimeout(300);
      await mark.click();
      await lesson.getByRole('button', { name: 'Completed' }).waitFor();
      await member.page.getByText(`${percent}% complete`).waitFor();
      if (next) await lesson.getByRole('button', { name: 'Next lesson' }).click();
    }
    await member.page.reload();
    await member.page.getByText('100% complete').waitFor();
    // All four lessons are ticked in the outline (a closed module's lessons are drawn only when React is idle, so open it).
    await member.page.getByRole('button', { name: 'Baking', exact: true }).click();
    await expect.poll(() => member.page.getByLabel('Completed', { exact: true }).count()).toBe(4);
    // Nothing in the lessons' HTML ran.
    expect(await member.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await member.page.setViewportSize(VIEWPORTS.phone);
    await shot(member.page, 'course-learning-phone');
    await member.page.setViewportSize(VIEWPORTS.desktop);

    // A module needing level 3 shows, locked, with the level it needs; nothing of it opens.
    const gated = await buildCourse(owner.page, community.id, 'Advanced Breads', [{ title: 'Rye and more', lessons: ['Rye'], requiredLevel: 3 }]);
    await member.page.goto(`/course/${gated}`);
    await member.page.getByText('Level 3 needed').waitFor();
    await member.page.getByText('Select a lesson to start learning').waitFor();
    expect(await member.page.getByRole('button', { name: 'Rye', exact: true }).isDisabled()).toBe(true);
    await shot(member.page, 'course-locked');

    // A private course does not exist for members.
    const hidden = await buildCourse(owner.page, community.id, 'Draft course', [{ title: 'Soon', lessons: ['Later'] }], false);
    await member.page.goto(`/course/${hidden}`);
    await member.page.getByText('Course not found.').waitFor();
  });
});
