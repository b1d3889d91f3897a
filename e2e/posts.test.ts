import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, describeBrowser, openCommunity, PNG, screenshot, settled, shot, usePeople, VIEWPORTS, type Who } from './support/index.ts';

const COMMENT_LENGTH_MESSAGE = 'A comment must be between 1 and 250 characters.';
const DELETE_QUESTION = 'Are you sure you want to delete this post?';


const feedOf = (page: Page) => page.getByRole('feed', { name: 'Community posts' });
/** The post (an article in the feed) whose text contains `text`. */
const postWith = (page: Page, text: string) => feedOf(page).getByRole('article').filter({ hasText: text });
const likeButton = (post: Locator) => post.getByRole('button', { name: /^\d+ likes?$/ });
const commentsButton = (post: Locator) => post.getByRole('button', { name: /^\d+ comments?$/ });


/** Writes and publishes a post through the composer. */
async function writePost(page: Page, text: string) {
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await postWith(page, text).waitFor();
  await expect.poll(() => page.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');
}

/** Marks the page, so a later check can tell it was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { feedTestMark: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { feedTestMark?: boolean }).feedTestMark === true);

describeBrowser('community feed', () => {
  const { communityWith } = usePeople();

  /** A free public community, 'Feed Club', owned by a new person, with members who joined through the API. */
  const feedClub = <const M extends readonly Who[]>(ownerName: string, ...members: M) => communityWith(['owner', ownerName], 'Feed Club', ...members);

  it("shows one member's post to another within a second, with likes and comments counted live on both sides", async () => {
    const { community, members: [ana, ben] } = await feedClub('Olga Owner', ['ana', 'Ana Author'], ['ben', 'Ben Reader']);
    await openCommunity(ana.page, community.name, { live: true });
    await openCommunity(ben.page, community.name, { live: true });
    await ben.page.getByText('No posts yet.', { exact: true }).waitFor();
    await markPage(ben.page);

    // Ana writes with a feeling; the button shows the prefix it will put before the text.
    const composer = ana.page.getByRole('textbox', { name: "What's on your mind?" });
    const postButton = ana.page.getByRole('button', { name: 'Post', exact: true });
    expect(await postButton.isDisabled()).toBe(true);
    await composer.fill('   \n  ');
    expect(await postButton.isDisabled()).toBe(true);
    await ana.page.getByRole('button', { name: 'Feeling' }).click();
    const feelings = ana.page.getByRole('menu');
    await expect.poll(() => feelings.getByRole('menuitem').count()).toBe(17);
    await settled(feelings);
    await screenshot(ana.page, 'feed-feelings');
    await feelings.getByRole('menuitem', { name: 'Happy' }).click();
    await ana.page.getByRole('button', { name: 'Feeling: 😊 feeling Happy' }).waitFor();
    const text = 'Hello everyone!\nOur first meetup is on Friday: https://example.com/meetup';
    await composer.fill(text);
    expect(await postButton.isDisabled()).toBe(false);
    await shot(ana.page, 'feed-composer');
    await postButton.click();
    const anaPost = postWith(ana.page, 'Hello everyone!');
    await anaPost.waitFor();
    // The composer empties (the post may show first, through the live event).
    await expect.poll(() => composer.inputValue()).toBe('');
    await ana.page.getByRole('button', { name: 'Feeling', exact: true }).waitFor();

    // Ben sees it within a second, without reloading.
    const benPost = postWith(ben.page, 'Hello everyone!');
    await expect.poll(() => benPost.count(), { timeout: 1000, interval: 50 }).toBe(1);
    expect(await stillSamePage(ben.page)).toBe(true);
    // Ana's own post came back to her as a live event too: it is still there once.
    await ana.page.waitForTimeout(300);
    expect(await anaPost.count()).toBe(1);
    expect(await benPost.getAttribute('aria-label')).toBe('Post by Ana Author');
    expect(await benPost.innerText()).toContain('😊 feeling Happy');
    expect(await benPost.getByText('just now').isVisible()).toBe(true);
    expect(await benPost.getByRole('link', { name: 'Ana Author' }).getAttribute('href')).toBe(`/profile/${ana.username}`);
    const link = benPost.getByRole('link', { name: 'https://example.com/meetup' });
    expect(await link.getAttribute('href')).toBe('https://example.com/meetup');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The line break is kept.
    expect(await benPost.getByText(/Hello everyone!/).evaluate((el) => (el as HTMLElement).innerText)).toContain('Hello everyone!\nOur first meetup');
    // The exact time is in a tooltip.
    await benPost.locator('time').hover();
    await expect.poll(() => ben.page.getByRole('tooltip').innerText()).toMatch(/\d{4}/);
    expect(await ben.page.getByText('No posts yet.').count()).toBe(0);

    // Only the author (and the owner) get edit and delete.
    expect(await benPost.getByRole('button', { name: 'Post actions' }).count()).toBe(0);
    expect(await anaPost.getByRole('button', { name: 'Post actions' }).isVisible()).toBe(true);

    // A video link in the text plays in the post.
    await writePost(ana.page, 'Watch this: https://www.tiktok.com/@chef/video/7212345678901234567 and https://youtu.be/dQw4w9WgXcQ');
    const videoPost = postWith(ben.page, 'Watch this');
    await videoPost.waitFor();
    expect(await videoPost.locator('iframe').count()).toBe(1);
    expect(await videoPost.getByTitle('Video from TikTok').getAttribute('src')).toBe('https://www.tiktok.com/embed/v2/7212345678901234567');

    // Likes: Ben likes Ana's first post, then Ana does; both screens count them.
    await likeButton(benPost).click();
    await expect.poll(() => likeButton(benPost).innerText()).toBe('1 like');
    expect(await likeButton(benPost).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('1 like');
    expect(await likeButton(anaPost).getAttribute('aria-pressed')).toBe('false');
    await likeButton(anaPost).click();
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('2 likes');
    await expect.poll(() => likeButton(benPost).innerText()).toBe('2 likes');
    expect(await likeButton(benPost).getAttribute('aria-pressed')).toBe('true');
    // Ben takes his back.
    await likeButton(benPost).click();
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('1 like');
    expect(await likeButton(benPost).getAttribute('aria-pressed')).toBe('false');
    expect(await likeButton(anaPost).getAttribute('aria-pressed')).toBe('true');

    // Comments: Ben opens the list and comments; Ana's count follows, and her open list gets his next one.
    await commentsButton(benPost).click();
    await benPost.getByText('No comments yet. Start the conversation.').waitFor();
    const benBox = benPost.getByRole('textbox', { name: 'Write a comment' });
    await benBox.fill('Count me in!');
    await benPost.getByRole('button', { name: 'Comment', exact: true }).click();
    const benComments = benPost.getByRole('list', { name: 'Comments' });
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(1);
    // (The live event may show the comment a moment before the answer empties the box.)
    await expect.poll(() => benBox.inputValue()).toBe('');
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('1 comment');
    await commentsButton(anaPost).click();
    const anaComments = anaPost.getByRole('list', { name: 'Comments' });
    await expect.poll(() => anaComments.innerText()).toContain('Count me in!');
    await anaPost.getByRole('textbox', { name: 'Write a comment' }).fill('See you there, Ben.');
    await anaPost.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(2);
    // Oldest first, each once.
    expect(await benComments.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Count me in!'), expect.stringContaining('See you there, Ben.')]);
    await expect.poll(() => anaComments.getByRole('listitem').count()).toBe(2);
    expect(await commentsButton(benPost).innerText()).toBe('2 comments');
    expect(await commentsButton(anaPost).innerText()).toBe('2 comments');

    // Ben may delete his own comment, not Ana's.
    const benComment = benComments.getByRole('listitem', { name: 'Ben Reader' });
    const anaComment = benComments.getByRole('listitem', { name: 'Ana Author' });
    expect(await anaComment.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    await shot(ben.page, 'feed-comments');
    await benComment.getByRole('button', { name: 'Delete comment' }).click();
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => anaComments.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('1 comment');

    // 251 characters: the message shows and nothing is sent; 250 is allowed.
    await benBox.fill('x'.repeat(251));
    await benPost.getByText(COMMENT_LENGTH_MESSAGE).waitFor();
    expect(await benPost.getByText('251/250').isVisible()).toBe(true);
    const send = benPost.getByRole('button', { name: 'Comment', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await benBox.press('Control+Enter');
    await ben.page.waitForTimeout(500);
    expect(await benComments.getByRole('listitem').count()).toBe(1);
    expect(await commentsButton(anaPost).innerText()).toBe('1 comment');
    await shot(ben.page, 'feed-comment-too-long');
    await benBox.press('Backspace');
    await expect.poll(() => benPost.getByText(COMMENT_LENGTH_MESSAGE).count()).toBe(0);
    expect(await send.isDisabled()).toBe(false);
    expect(await stillSamePage(ben.page)).toBe(true);

    await ben.page.setViewportSize(VIEWPORTS.phone);
    await shot(ben.page, 'feed-member-phone');
  });

  it("lets the author edit, hides edit and delete from other members, and lets the owner delete a member's post for everyone", async () => {
    const { owner, community, members: [ada, bo] } = await feedClub('Oscar Owner', ['ada', 'Ada Author'], ['bo', 'Bo Bystander']);
    await openCommunity(ada.page, community.name, { live: true });
    await openCommunity(bo.page, community.name, { live: true });
    await openCommunity(owner.page, community.name, { live: true });
    for (const page of [ada.page, bo.page, owner.page]) await markPage(page);

    await writePost(ada.page, 'Draft thoughts on the reading list');
    const boPost = postWith(bo.page, 'thoughts on the reading list');
    const ownerPost = postWith(owner.page, 'thoughts on the reading list');
    await boPost.waitFor();
    await ownerPost.waitFor();

    // Ada edits inline: Cancel keeps the text, Save changes it for everyone. (While she edits, the
    // text is in the editor, so her post is found by its author.)
    const adaPost = feedOf(ada.page).getByRole('article', { name: 'Post by Ada Author' });
    await adaPost.getByRole('button', { name: 'Post actions' }).click();
    await ada.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = adaPost.getByRole('textbox', { name: 'Edit your post' });
    await editor.fill('Something else');
    await adaPost.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    expect(await adaPost.innerText()).toContain('Draft thoughts on the reading list');
    await adaPost.getByRole('button', { name: 'Post actions' }).click();
    await ada.page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.fill('Final thoughts on the reading list');
    await adaPost.getByRole('button', { name: 'Feeling' }).click();
    await ada.page.getByRole('menuitem', { name: 'Thinking' }).click();
    await shot(ada.page, 'feed-edit');
    await adaPost.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(() => boPost.innerText()).toContain('Final thoughts on the reading list');
    expect(await boPost.innerText()).toContain('🤔 feeling Thinking');
    expect(await boPost.innerText()).toContain('edited');

    // Bo, another member, gets no edit or delete; the owner does.
    expect(await boPost.getByRole('button', { name: 'Post actions' }).count()).toBe(0);
    expect(await bo.page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await ownerPost.getByRole('button', { name: 'Post actions' }).click();
    await owner.page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await owner.page.getByRole('menuitem').allInnerTexts()).toEqual(['Edit', 'Delete']);
    await owner.page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Delete post' });
    await settled(confirm);
    const question = confirm.getByText(DELETE_QUESTION);
    expect(await question.isVisible()).toBe(true);
    expect(await question.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await shot(owner.page, 'feed-delete-confirm');
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await shot(owner.page, 'feed-delete-confirm-phone');
    await owner.page.setViewportSize(VIEWPORTS.desktop);

    // Cancel keeps it; confirming removes it on all three screens, none of them reloaded.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await ownerPost.count()).toBe(1);
    await ownerPost.getByRole('button', { name: 'Post actions' }).click();
    await owner.page.getByRole('menuitem', { name: 'Delete' }).click();
    await settled(confirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => ownerPost.count()).toBe(0);
    await expect.poll(() => boPost.count()).toBe(0);
    await expect.poll(() => adaPost.count()).toBe(0);
    await owner.page.getByText('Post deleted.').waitFor();
    for (const page of [ada.page, bo.page, owner.page]) {
      expect(await stillSamePage(page)).toBe(true);
      await page.getByText('No posts yet.', { exact: true }).waitFor();
    }

    // The server refuses Bo too, whatever the screen shows.
    await writePost(ada.page, 'Still here');
    const [item] = (await callTrpc<{ items: { id: string }[] }>(bo.page, 'posts.list', { communityId: community.id }, 'query')).items;
    await expect(callTrpc(bo.page, 'posts.delete', { postId: item!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('pages 25 posts in, 10 at a time, as the feed box scrolls', async () => {
    const { owner, community } = await feedClub('Paula Pager');
    for (let n = 1; n <= 25; n += 1) await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: `Seeded post number ${n}` });

    const page = owner.page;
    await openCommunity(page, community.name, { live: true });
    const feed = feedOf(page);
    const articles = feed.getByRole('article');
    await expect.poll(() => articles.count()).toBe(10);
    expect(await articles.first().innerText()).toContain('Seeded post number 25');
    expect(await feed.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(600);
    expect(await feed.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await feed.getByRole('button', { name: 'Load more' }).count()).toBe(1);
    await shot(page, 'feed-paging');

    // Scrolling the box (the mouse wheel over it) to its bottom loads the next page, then the last.
    await feed.hover();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => articles.count()).toBe(20);
    expect(await articles.nth(19).innerText()).toContain('Seeded post number 6');
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => articles.count()).toBe(25);
    expect(await articles.last().innerText()).toContain('Seeded post number 1');
    await feed.getByText("You're all caught up.").waitFor();
    expect(await feed.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // Each post once, newest first.
    const texts = await articles.evaluateAll((els) => els.map((el) => /Seeded post number (\d+)/.exec((el as HTMLElement).innerText)?.[1]));
    expect(texts).toEqual(Array.from({ length: 25 }, (_, i) => String(25 - i)));

    await page.setViewportSize(VIEWPORTS.phone);
    await shot(page, 'feed-paging-phone');
  });

  it('attaches an image (shown as an image), a document (a download row), and says why a file was refused', async () => {
    const { community, members: [pia, quinn] } = await feedClub('Iris Owner', ['pia', 'Pia Poster'], ['quinn', 'Quinn Viewer']);
    await pia.page.setViewportSize(VIEWPORTS.phone);
    await openCommunity(pia.page, community.name, { live: true });
    await openCommunity(quinn.page, community.name, { live: true });
    const page = pia.page;
    const attach = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach file' }).click();
      await (await chooser).setFiles(file);
    };

    // A refused file says why, and blocks posting until it is removed.
    await attach({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)]) });
    const refusal = page.getByRole('alert').filter({ hasText: 'Could not upload the file' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Unsupported file type.');
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill('Our logo, in orange');
    expect(await page.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(true);
    await shot(page, 'feed-upload-refused-phone');
    await refusal.getByRole('button', { name: 'Remove the attachment' }).click();
    expect(await refusal.count()).toBe(0);

    // An image uploads at once, previews, and shows as an image in the post for everyone.
    await attach({ name: 'orange.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('orange.png').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(false);
    await shot(page, 'feed-attachment-preview-phone');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const quinnPost = postWith(quinn.page, 'Our logo, in orange');
    await quinnPost.waitFor();
    const image = quinnPost.getByRole('img', { name: 'Image shared by Pia Poster' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/posts\/[0-9a-f-]{36}\/attachment$/);
    await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
    await expect.poll(() => page.getByText('orange.png').count()).toBe(0);

    // A text file is a document row with a download link.
    await attach({ name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Welcome\n2. Logo review\n') });
    await page.getByText('agenda.txt').waitFor();
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill('The agenda for Friday');
    await expect.poll(() => page.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const docPost = postWith(quinn.page, 'The agenda for Friday');
    await docPost.waitFor();
    expect(await docPost.getByText('Text file').isVisible()).toBe(true);
    const download = docPost.getByRole('link', { name: 'Download the Text file' });
    expect(await download.getAttribute('href')).toMatch(/^\/api\/posts\/[0-9a-f-]{36}\/attachment$/);
    const res = await quinn.page.request.get((await download.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Logo review');
    await postWith(page, 'The agenda for Friday').waitFor();
    await shot(page, 'feed-attachments-phone');
    await shot(quinn.page, 'feed-attachments');

    // A post the server refuses says 'Failed to create post.' with its reason, and keeps the text.
    const composer = page.getByRole('textbox', { name: "What's on your mind?" });
    await composer.fill('y'.repeat(5001));
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to create post.' });
    await failure.waitFor();
    expect(await failure.innerText()).toContain('A post can be at most 5000 characters.');
    expect((await composer.inputValue()).length).toBe(5001);
    await shot(page, 'feed-post-failed-phone');

    // Signed out meanwhile (the session cookie is gone): the composer says so.
    await composer.fill('Anyone still here?');
    await pia.context.clearCookies();
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'You must be logged in to post.' }).waitFor();
    expect(await failure.count()).toBe(0);

    // Nor can a signed-out visitor comment.
    const agenda = postWith(page, 'The agenda for Friday');
    await commentsButton(agenda).click();
    await agenda.getByRole('textbox', { name: 'Write a comment' }).fill('Me too');
    await agenda.getByRole('button', { name: 'Comment', exact: true }).click();
    await agenda.getByRole('alert').filter({ hasText: 'You must be logged in to comment.' }).waitFor();
    expect(await commentsButton(agenda).innerText()).toBe('0 comments');
  });
});
