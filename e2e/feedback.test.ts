import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, createCommunityViaApi, describeBrowser, markPage, playVideo, PNG, settled, shot, stillSamePage, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

const REQUIRED = 'Please write feedback and select a rating.';

const wallOf = (page: Page) => page.getByRole('feed', { name: 'Feedback' });
/** The feedback card (an article on the wall) whose text contains `text`. */
const cardWith = (page: Page, text: string) => wallOf(page).getByRole('article').filter({ hasText: text });
const commentsButton = (card: Locator) => card.getByRole('button', { name: /^\d+ comments?$/ });

/** Opens the wall and waits until live updates flow. */
async function openWall(page: Page) {
  await page.goto('/feedbacks');
  await page.getByRole('heading', { level: 1, name: 'Feedback Wall' }).waitFor();
  await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
}

/** Opens the 'Add Feedback' dialog from the composer. */
async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Add Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Feedback' });
  await settled(dialog);
  return dialog;
}

/** Clicks a star of a dialog's rating: the radios are drawn as stars (their labels), which are what people click. */
async function rate(dialog: Locator, stars: number) {
  const radio = dialog.getByRole('radio', { name: `${stars} star${stars === 1 ? '' : 's'}` });
  await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

async function attach(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles(file);
}

describeBrowser('feedback wall', () => {
  const { person, admin: signInAdmin } = usePeople();

  it('two people use the wall live: feedback with a rating and an image, comments, an edit and a deletion', async () => {
    const ana = await person('ana', 'Ana Author');
    const ben = await person('ben', 'Ben Reader');

    // Ana owns a community, so the top bar offers her the wall.
    await createCommunityViaApi(ana.page, { name: uniqueCommunityName('Wall Club') });
    await ana.page.goto('/my-communities');
    const feedbacksLink = ana.page.getByRole('link', { name: 'Feedbacks' });
    await feedbacksLink.click();
    await ana.page.waitForURL((url) => url.pathname === '/feedbacks');
    await ana.page.getByRole('heading', { level: 1, name: 'Feedback Wall' }).waitFor();
    await ana.page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    await openWall(ben.page);
    await ben.page.getByText('No feedbacks yet.', { exact: true }).waitFor();
    await shot(ben.page, 'feedback-empty');
    await markPage(ben.page);

    // Nothing written, or no rating: the spec's message, and nothing is sent.
    let dialog = await openDialog(ana.page);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await dialog.getByRole('alert').filter({ hasText: REQUIRED }).waitFor();
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill('The live feed is brilliant.\nPlease add dark mode!');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await dialog.getByRole('alert').filter({ hasText: REQUIRED }).waitFor();
    await shot(ana.page, 'feedback-dialog-required');

    // A file type the spec does not list is refused with the server's words.
    await attach(ana.page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just notes\n') });
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Failed to upload file.' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Unsupported file type.');
    await refusal.getByRole('button', { name: 'Remove the attachment' }).click();

    // Four stars, an image and a video link that is not a link yet.
    await rate(dialog, 4);
    await attach(ana.page, { name: 'orange.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByText('orange.png').waitFor();
    await expect.poll(() => dialog.getByRole('status').count()).toBe(0);
    const video = dialog.getByRole('textbox', { name: 'Video link (optional)' });
    await video.fill('youtube dot com');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await dialog.getByText('The video URL must be a web address (http or https).').waitFor();
    await video.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await shot(ana.page, 'feedback-dialog-filled');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await ana.page.getByText('Feedback submitted successfully!').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    // Ben sees it arrive without reloading: author, rating, text, image and the video player.
    // (Found by author: her text changes below.)
    const benCard = wallOf(ben.page).getByRole('article', { name: 'Feedback by Ana Author' });
    await benCard.waitFor();
    expect(await stillSamePage(ben.page)).toBe(true);
    expect(await benCard.getAttribute('aria-label')).toBe('Feedback by Ana Author');
    expect(await benCard.getByRole('link', { name: 'Ana Author' }).getAttribute('href')).toBe(`/profile/${ana.username}`);
    await benCard.getByRole('img', { name: 'Rated 4 out of 5 stars' }).waitFor();
    const image = benCard.getByRole('img', { name: 'Image shared by Ana Author' });
    expect(await image.getAttribute('src')).toMatch(/^\/api\/feedbacks\/[0-9a-f-]{36}\/media$/);
    await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
    await playVideo(benCard, 'Video from YouTube', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(await benCard.innerText()).toContain('The live feed is brilliant.\nPlease add dark mode!');
    expect(await ben.page.getByText('No feedbacks yet.').count()).toBe(0);
    // Only the author gets the card's actions.
    expect(await benCard.getByRole('button', { name: 'Feedback actions' }).count()).toBe(0);
    const anaCard = wallOf(ana.page).getByRole('article', { name: 'Feedback by Ana Author' });
    expect(await anaCard.getByRole('button', { name: 'Feedback actions' }).isVisible()).toBe(true);

    // The dialog starts empty each time it opens.
    dialog = await openDialog(ana.page);
    expect(await dialog.getByRole('textbox', { name: 'Your feedback' }).inputValue()).toBe('');
    expect(await dialog.getByRole('textbox', { name: 'Video link (optional)' }).inputValue()).toBe('');
    expect(await dialog.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('No rating yet');
    expect(await dialog.getByText('orange.png').count()).toBe(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Ben comments; Ana sees it live, oldest first, and answers.
    await commentsButton(benCard).click();
    const benBox = benCard.getByRole('textbox', { name: 'Write a comment' });
    await benBox.fill('   ');
    expect(await benCard.getByRole('button', { name: 'Comment', exact: true }).isDisabled()).toBe(true);
    await benBox.fill('Dark mode, yes please!');
    await benCard.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect.poll(() => benBox.inputValue()).toBe('');
    const anaComments = anaCard.getByRole('list', { name: 'Comments' });
    await expect.poll(() => commentsButton(anaCard).innerText()).toBe('1 comment');
    if ((await commentsButton(anaCard).getAttribute('aria-expanded')) !== 'true') await commentsButton(anaCard).click();
    await expect.poll(() => anaComments.innerText()).toContain('Dark mode, yes please!');
    await anaCard.getByRole('textbox', { name: 'Write a comment' }).fill('On our list!');
    await anaCard.getByRole('textbox', { name: 'Write a comment' }).press('Enter');
    const benComments = benCard.getByRole('list', { name: 'Comments' });
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(2);
    expect(await benComments.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Dark mode, yes please!'), expect.stringContaining('On our list!')]);
    expect(await commentsButton(benCard).innerText()).toBe('2 comments');
    // Each deletes only their own comment.
    expect(await benComments.getByRole('listitem', { name: 'Ana Author' }).getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    await shot(ben.page, 'feedback-comments');

    // Ana edits: the dialog opens with her feedback; Ben's page follows.
    await anaCard.getByRole('button', { name: 'Feedback actions' }).click();
    await ana.page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await ana.page.getByRole('menuitem').allInnerTexts()).toEqual(['Edit', 'Delete']);
    await ana.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = ana.page.getByRole('dialog', { name: 'Edit Feedback' });
    await settled(editor);
    expect(await editor.getByRole('textbox', { name: 'Your feedback' }).inputValue()).toBe('The live feed is brilliant.\nPlease add dark mode!');
    expect(await editor.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await editor.getByRole('textbox', { name: 'Your feedback' }).fill('The live feed is brilliant, and dark mode is coming.');
    await rate(editor, 5);
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(() => benCard.innerText()).toContain('The live feed is brilliant, and dark mode is coming.');
    await benCard.getByRole('img', { name: 'Rated 5 out of 5 stars' }).waitFor();
    expect(await benCard.innerText()).toContain('edited');
    expect(await stillSamePage(ben.page)).toBe(true);

    // A comment refused (signed out meanwhile) says so inline and in an 'Error' toast.
    await ben.context.clearCookies();
    await benBox.fill('Am I still here?');
    await benCard.getByRole('button', { name: 'Comment', exact: true }).click();
    const failed = benCard.getByRole('alert').filter({ hasText: 'Failed to submit comment.' });
    await failed.waitFor();
    expect(await failed.innerText()).toContain('You must be logged in to comment.');
    const toast = ben.page.locator('.mantine-Notification-root').filter({ hasText: 'Error' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Failed to submit comment.');
    await shot(ben.page, 'feedback-comment-failed');
    // So is feedback: the dialog says to sign in again, and keeps what was written.
    const benDialog = await openDialog(ben.page);
    await benDialog.getByRole('textbox', { name: 'Your feedback' }).fill('Signed out, sadly');
    await rate(benDialog, 3);
    await benDialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await benDialog.getByRole('alert').filter({ hasText: 'Could not get user information. Please log in again.' }).waitFor();
    expect(await benDialog.getByRole('textbox', { name: 'Your feedback' }).inputValue()).toBe('Signed out, sadly');
    await benDialog.getByRole('button', { name: 'Cancel' }).click();

    // Ana deletes her feedback after confirming; it leaves Ben's page too.
    await anaCard.getByRole('button', { name: 'Feedback actions' }).click();
    await ana.page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = ana.page.getByRole('dialog', { name: 'Delete feedback' });
    await settled(confirm);
    await shot(ana.page, 'feedback-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await ana.page.getByText('Feedback deleted.').waitFor();
    await expect.poll(() => benCard.count()).toBe(0);
    await ben.page.getByText('No feedbacks yet.', { exact: true }).waitFor();
    expect(await stillSamePage(ben.page)).toBe(true);
  });

  it('a platform admin removes someone else’s feedback for everyone; others cannot', async () => {
    const carla = await person('carla', 'Carla Critic');
    const dan = await person('dan', 'Dan Bystander', VIEWPORTS.phone);
    await callTrpc(carla.page, 'feedback.create', { content: 'Spam spam spam, buy my course', rating: 1 });
    await callTrpc(dan.page, 'feedback.create', { content: 'Solid platform, the courses tab is great.', rating: 5 });
    const admin = await signInAdmin();

    await openWall(carla.page);
    await openWall(dan.page);
    await openWall(admin.page);
    await markPage(carla.page);
    const danCard = cardWith(dan.page, 'Spam spam spam');
    await danCard.waitFor();
    expect(await danCard.getByRole('button', { name: 'Feedback actions' }).count()).toBe(0);
    await shot(dan.page, 'feedback-wall-phone');
    const danDialog = await openDialog(dan.page);
    await shot(dan.page, 'feedback-dialog-phone');
    await danDialog.getByRole('button', { name: 'Cancel' }).click();

    // The admin may remove it (not edit it), after confirming.
    const adminCard = cardWith(admin.page, 'Spam spam spam');
    await adminCard.getByRole('button', { name: 'Feedback actions' }).click();
    await admin.page.getByRole('menuitem', { name: 'Remove' }).waitFor();
    expect(await admin.page.getByRole('menuitem').allInnerTexts()).toEqual(['Remove']);
    await admin.page.getByRole('menuitem', { name: 'Remove' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Remove feedback' });
    await settled(confirm);
    expect(await confirm.innerText()).toContain("Remove Carla Critic's feedback from the wall?");
    await shot(admin.page, 'feedback-admin-remove');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => adminCard.count()).toBe(0);
    await expect.poll(() => danCard.count()).toBe(0);
    await expect.poll(() => cardWith(carla.page, 'Spam spam spam').count()).toBe(0);
    expect(await stillSamePage(carla.page)).toBe(true);
    expect(await cardWith(admin.page, 'Solid platform').count()).toBe(1);

    // Dan's own feedback stays his to delete: Carla's server calls are refused.
    const { items } = await callTrpc<{ items: { id: string; content: string }[] }>(carla.page, 'feedback.list', {}, 'query');
    const dans = items.find((item) => item.content.startsWith('Solid platform'))!;
    await expect(callTrpc(carla.page, 'feedback.delete', { feedbackId: dans.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callTrpc(carla.page, 'feedback.update', { feedbackId: dans.id, content: 'Meh', rating: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
