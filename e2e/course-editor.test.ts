import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, describeBrowser, markPage, PNG, settled, shot, stillSamePage, usePeople, VIEWPORTS, playVideo } from './support/index.ts';

const EMPTY = 'No courses are currently available in this community.';
const NOTES = 'Grip notes: hold the knife like a handshake.\n';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

interface Outline {
  modules: Array<{ title: string; lessons: Array<{ title: string }> }>;
}

/** The titles of a sortable list's own items, in the order shown (each item's drag handle is named after it). */
const orderOf = (list: Locator) =>
  list.evaluate((el) =>
    Array.from(el.children).map((item) => (item.querySelector('[aria-label^="Move "]')?.getAttribute('aria-label') ?? '').replace(/^Move /, '')),
  );

async function outlineOnServer(page: Page, courseId: string) {
  const course = await callTrpc<Outline>(page, 'courses.byId', { courseId }, 'query');
  return course.modules.map((module) => [module.title, module.lessons.map((lesson) => lesson.title)]);
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Space, an arrow, Space: dnd-kit's keyboard moving of the focused handle. */
async function moveWithKeyboard(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown') {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  await page.keyboard.press(key);
  await page.waitForTimeout(150);
  await page.keyboard.press('Space');
}

/** Clicks a button below a lesson's frame and images, once they have stopped moving it as they load. */
async function clickSettled(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await button.page().waitForTimeout(300);
  await button.click();
}

/** Drags a handle by the mouse onto another item. */
async function dragOnto(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

describeBrowser('course editor', () => {
  const { communityWith } = usePeople();

  // The longest journey of the browser tests: a whole course built, reordered and taken by two people.
  it('an owner builds a course of modules and lessons with text, video, images and documents, reorders it by keyboard and mouse, and publishes it; a member sees it live and takes it', async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Cora Chef'], 'Kitchen Club', ['member', 'Milo Member']);
    const course = await callTrpc<{ id: string }>(owner.page, 'courses.create', { communityId: community.id, title: 'Knife Skills', description: 'Cut safely.' });

    // Milo's open courses tab shows nothing: the course is private.
    await member.page.goto(communityUrl(community.name, '?tab=courses'));
    await member.page.getByText(EMPTY).waitFor();
    await markPage(member.page);

    // The owner opens the editor from the course's card.
    await owner.page.goto(communityUrl(community.name, '?tab=courses'));
    await owner.page.getByRole('link', { name: 'Edit Knife Skills' }).click();
    await owner.page.getByRole('heading', { name: 'Edit “Knife Skills”' }).waitFor();
    expect(await owner.page.getByRole('tab', { name: 'Course Details', selected: true }).count()).toBe(1);
    const details = owner.page.getByRole('form', { name: 'Course Details' });
    expect(await details.getByRole('switch', { name: 'Course is private' }).isChecked()).toBe(false);
    await details.getByLabel('Description').fill('');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await details.getByText('Description is required.').waitFor();
    await details.getByLabel('Description').fill('Cut safely, fast, and with confidence.');
    await details.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await toast(owner.page, 'Cover image uploaded successfully.');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await toast(owner.page, 'Course updated successfully.');
    await shot(owner.page, 'course-editor-details');

    // Content: nothing chosen yet.
    await owner.page.getByRole('tab', { name: 'Content' }).click();
    await owner.page.getByText('Select a module to start editing').waitFor();
    expect(await owner.page.getByRole('separator', { name: 'Resize the outline' }).count()).toBe(1);

    // A first module with rich text, a video (previewed), a document and an image.
    await owner.page.getByRole('button', { name: 'Add Module' }).click();
    let form = owner.page.getByRole('form', { name: 'Module New Module 1' });
    await form.getByLabel('Title').fill('Foundations');
    const content = form.getByRole('textbox', { name: 'Content' });
    await content.click();
    await owner.page.keyboard.type('Always cut ');
    await form.getByRole('button', { name: 'Bold' }).click();
    await owner.page.keyboard.type('away from yourself');
    await form.getByLabel('Video URL').fill(VIDEO);
    await form.getByRole('button', { name: 'Play video: Video preview' }).waitFor();
    await form.locator('input[type="file"]').setInputFiles([
      { name: 'grip.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES) },
      { name: 'board.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await form.getByRole('link', { name: 'View Document 1' }).waitFor();
    await form.getByRole('link', { name: 'View Full Size' }).waitFor();
    // A tablet turned to portrait: the outline goes above the editor, and nothing typed is lost.
    await owner.page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(() => owner.page.getByRole('separator', { name: 'Resize the outline' }).count()).toBe(0);
    await owner.page.setViewportSize(VIEWPORTS.desktop);
    await expect.poll(() => owner.page.getByRole('separator', { name: 'Resize the outline' }).count()).toBe(1);
    expect(await form.getByLabel('Title').inputValue()).toBe('Foundations');
    expect(await content.innerText()).toBe('Always cut away from yourself');
    await form.getByRole('link', { name: 'View Document 1' }).waitFor();
    await shot(owner.page, 'course-editor-module');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(owner.page, 'Module has been created successfully!');

    // A second module; saving it again updates it.
    await owner.page.getByRole('button', { name: 'Add Module' }).click();
    form = owner.page.getByRole('form', { name: 'Module New Module 2' });
    await form.getByLabel('Title').fill('Practice');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(owner.page, 'Module has been created successfully!');
    form = owner.page.getByRole('form', { name: 'Module Practice' });
    await form.getByRole('textbox', { name: 'Content' }).click();
    await owner.page.keyboard.type('Ten minutes a day.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(owner.page, 'Module content saved successfully.');

    // Lessons: added as 'New Lesson', then edited in the same editor.
    const addLessonTo = async (module: string, title: string, fill?: (lesson: Locator) => Promise<void>) => {
      await owner.page.getByRole('button', { name: `Add a lesson to ${module}` }).click();
      const lesson = owner.page.getByRole('form', { name: 'Lesson New Lesson' });
      await lesson.getByLabel('Title').fill(title);
      await lesson.getByRole('textbox', { name: 'Content' }).click();
      await owner.page.keyboard.type(`${title}: read this first.`);
      await fill?.(lesson);
      await lesson.getByRole('button', { name: 'Save Changes' }).click();
      await toast(owner.page, 'Lesson saved successfully.');
      await owner.page.getByRole('form', { name: `Lesson ${title}` }).waitFor();
    };
    await addLessonTo('Foundations', 'Warm-up', async (lesson) => {
      await lesson.getByLabel('Video URL').fill(VIDEO);
      await lesson.locator('input[type="file"]').setInputFiles({ name: 'warmup.txt', mimeType: 'text/plain', buffer: Buffer.from('Stretch your wrists.\n') });
      await lesson.getByRole('link', { name: 'warmup.txt' }).waitFor();
    });
    await addLessonTo('Foundations', 'Drills');
    await addLessonTo('Practice', 'Daily routine');
    await addLessonTo('Practice', 'Scratch lesson');
    expect(await outlineOnServer(owner.page, course.id)).toEqual([
      ['Foundations', ['Warm-up', 'Drills']],
      ['Practice', ['Daily routine', 'Scratch lesson']],
    ]);

    // Rename and delete, each from the item's menu; deleting asks first.
    await owner.page.getByRole('button', { name: 'Actions for Drills' }).click();
    await owner.page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = owner.page.getByRole('dialog', { name: 'Rename lesson' });
    await settled(rename);
    await rename.getByLabel('Title').fill('Speed drills');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await owner.page.getByRole('button', { name: 'Move Speed drills' }).waitFor();
    await owner.page.getByRole('button', { name: 'Actions for Scratch lesson' }).click();
    await owner.page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Delete lesson' });
    await settled(confirm);
    await confirm.getByText('Delete the lesson “Scratch lesson”').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(owner.page, 'Lesson deleted.');
    await expect.poll(() => owner.page.getByRole('button', { name: 'Move Scratch lesson' }).count()).toBe(0);

    // Reordering: modules by the keyboard, then back by the mouse; lessons by the keyboard. Each order is saved.
    const modules = owner.page.getByRole('list', { name: 'Modules' });
    await moveWithKeyboard(owner.page, owner.page.getByRole('button', { name: 'Move Practice' }), 'ArrowUp');
    await expect.poll(() => orderOf(modules)).toEqual(['Practice', 'Foundations']);
    await expect.poll(() => outlineOnServer(owner.page, course.id)).toEqual([
      ['Practice', ['Daily routine']],
      ['Foundations', ['Warm-up', 'Speed drills']],
    ]);
    await dragOnto(owner.page, owner.page.getByRole('button', { name: 'Move Foundations' }), owner.page.getByRole('button', { name: 'Move Practice' }));
    await expect.poll(() => orderOf(modules)).toEqual(['Foundations', 'Practice']);
    const foundationLessons = owner.page.getByRole('list', { name: 'Lessons of Foundations' });
    await moveWithKeyboard(owner.page, owner.page.getByRole('button', { name: 'Move Speed drills' }), 'ArrowUp');
    await expect.poll(() => orderOf(foundationLessons)).toEqual(['Speed drills', 'Warm-up']);
    await expect.poll(() => outlineOnServer(owner.page, course.id)).toEqual([
      ['Foundations', ['Speed drills', 'Warm-up']],
      ['Practice', ['Daily routine']],
    ]);
    await shot(owner.page, 'course-editor-content');

    // Leaving a module with unsaved changes asks first.
    await owner.page.getByRole('button', { name: 'Foundations', exact: true }).click();
    form = owner.page.getByRole('form', { name: 'Module Foundations' });
    await form.getByLabel('Title').fill('Foundations (draft)');
    await owner.page.getByRole('button', { name: 'Practice', exact: true }).click();
    const unsaved = owner.page.getByRole('dialog', { name: 'Unsaved changes' });
    await settled(unsaved);
    await unsaved.getByRole('button', { name: 'Stay' }).click();
    await form.getByLabel('Title').fill('Foundations');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(owner.page, 'Module content saved successfully.');

    // A file uploaded to a saved module is kept with it at once: it leaves nothing unsaved and moving
    // on asks nothing. An edit made before an upload stays unsaved.
    await form.locator('input[type="file"]').setInputFiles({ name: 'knives.txt', mimeType: 'text/plain', buffer: Buffer.from('Chef, paring, bread.\n') });
    await form.getByRole('link', { name: 'View Document 2' }).waitFor();
    await expect.poll(() => form.getByText('Unsaved changes').count()).toBe(0);
    await owner.page.getByRole('button', { name: 'Practice', exact: true }).click();
    await owner.page.getByRole('form', { name: 'Module Practice' }).waitFor();
    expect(await owner.page.getByRole('dialog', { name: 'Unsaved changes' }).count()).toBe(0);
    await owner.page.getByRole('button', { name: 'Foundations', exact: true }).click();
    form = owner.page.getByRole('form', { name: 'Module Foundations' });
    await form.getByRole('link', { name: 'View Document 2' }).waitFor();
    await form.getByLabel('Title').fill('Foundations (draft)');
    await form.locator('input[type="file"]').setInputFiles({ name: 'stones.txt', mimeType: 'text/plain', buffer: Buffer.from('Whetstone, 1000 grit.\n') });
    await form.getByRole('link', { name: 'View Document 3' }).waitFor();
    await expect.poll(() => form.getByRole('button', { name: 'Upload files' }).getAttribute('data-loading')).toBeNull();
    expect(await form.getByText('Unsaved changes').count()).toBe(1);
    await form.getByLabel('Title').fill('Foundations');
    await expect.poll(() => form.getByText('Unsaved changes').count()).toBe(0);

    // Publishing: Milo's open tab shows the course without a reload.
    await owner.page.getByRole('tab', { name: 'Course Details' }).click();
    const publish = owner.page.getByRole('form', { name: 'Course Details' });
    await publish.getByRole('switch', { name: 'Course is private' }).click({ force: true });
    await publish.getByRole('switch', { name: 'Course is visible to all members' }).waitFor();
    await publish.getByRole('button', { name: 'Save Changes' }).click();
    await toast(owner.page, 'Course updated successfully.');
    await member.page.getByRole('article', { name: 'Knife Skills' }).waitFor();
    expect(await stillSamePage(member.page)).toBe(true);
    expect(await member.page.getByRole('link', { name: 'Edit Knife Skills' }).count()).toBe(0);

    // Milo takes it: the first module's first lesson is open; the module's page holds its text and files.
    await member.page.getByRole('article', { name: 'Knife Skills' }).getByRole('link', { name: 'Knife Skills' }).click();
    const page = member.page.getByRole('article');
    await page.getByRole('heading', { name: 'Speed drills', level: 2 }).waitFor();
    await member.page.getByRole('button', { name: 'About this module' }).first().click();
    await page.getByRole('heading', { name: 'Foundations', level: 2 }).waitFor();
    expect(await page.locator('strong').innerText()).toBe('away from yourself');
    const document = await member.page.request.get((await page.getByRole('link', { name: 'View Document 1' }).getAttribute('href'))!);
    expect(await document.text()).toBe(NOTES);
    const image = await member.page.request.get((await page.getByRole('link', { name: 'View Full Size' }).getAttribute('href'))!);
    expect(image.headers()['content-type']).toBe('image/webp');
    await shot(member.page, 'course-module-page');

    // Watching the warm-up's video to its end marks it done (the player's message, as YouTube sends it).
    await clickSettled(page.getByRole('button', { name: 'Next lesson' }));
    await page.getByRole('heading', { name: 'Speed drills', level: 2 }).waitFor();
    await clickSettled(page.getByRole('button', { name: 'Mark as complete' }));
    await page.getByRole('button', { name: 'Completed' }).waitFor();
    await clickSettled(page.getByRole('button', { name: 'Next lesson' }));
    await page.getByRole('heading', { name: 'Warm-up', level: 2 }).waitFor();
    expect(await page.getByRole('link', { name: 'Download Resource' }).count()).toBe(1);
    const player = await playVideo(page, 'Warm-up', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await player.evaluate((frame: HTMLIFrameElement) => {
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ event: 'onStateChange', info: 0 }), origin: 'https://www.youtube.com', source: frame.contentWindow }));
    });
    await page.getByRole('button', { name: 'Completed' }).waitFor();
    await clickSettled(page.getByRole('button', { name: 'Next lesson' }));
    await page.getByRole('heading', { name: 'Practice', level: 2 }).waitFor();
    await clickSettled(page.getByRole('button', { name: 'Next lesson' }));
    await page.getByRole('heading', { name: 'Daily routine', level: 2 }).waitFor();
    await clickSettled(page.getByRole('button', { name: 'Mark as complete' }));
    await member.page.getByText('100% complete').first().waitFor();
    await member.page.reload();
    await member.page.getByText('100% complete').first().waitFor();

    // The owner's card shows the course's completion rate.
    await owner.page.goto(communityUrl(community.name, '?tab=courses'));
    await owner.page.getByRole('article', { name: 'Knife Skills' }).getByText('1 of 1 member finished · 100% average progress').waitFor();

    await owner.page.goto(`/edit-course/${course.id}`);
    await owner.page.getByRole('tab', { name: 'Content' }).click();
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await owner.page.getByRole('button', { name: 'Foundations', exact: true }).click();
    await owner.page.getByRole('form', { name: 'Module Foundations' }).waitFor();
    await shot(owner.page, 'course-editor-phone');
  }, 240_000);

  it("tells a member 'You are not authorized', and a private course is not found for them; the server refuses their writes", async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Ola Owner'], 'Editor Guard', ['member', 'Max Member']);
    const visible = await callTrpc<{ id: string }>(owner.page, 'courses.create', { communityId: community.id, title: 'Open course', description: 'd', visibleToMembers: true });
    const hidden = await callTrpc<{ id: string }>(owner.page, 'courses.create', { communityId: community.id, title: 'Hidden course', description: 'd' });

    await member.page.goto(`/edit-course/${visible.id}`);
    await member.page.getByRole('alert').getByText('You are not authorized').waitFor();
    expect(await member.page.getByRole('tab', { name: 'Content' }).count()).toBe(0);
    await member.page.goto(`/edit-course/${hidden.id}`);
    await member.page.getByRole('alert').getByText('Course not found.').waitFor();
    await expect(callTrpc(member.page, 'courses.update', { courseId: visible.id, title: 'Mine now', description: 'd', isPrivate: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callTrpc(member.page, 'courses.saveModule', { courseId: visible.id, clientId: crypto.randomUUID(), title: 'Sneaky' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await callTrpc(owner.page, 'courses.byId', { courseId: visible.id }, 'query')).toMatchObject({ title: 'Open course' });
    expect(await outlineOnServer(owner.page, visible.id)).toEqual([]);
  });
});
