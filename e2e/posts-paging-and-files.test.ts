import { expect, it } from 'vitest';
import { callTrpc, commentsButton, describeBrowser, feedClub, feedOf, openCommunity, PNG, postWith, shot, usePeople, VIEWPORTS } from './support/index.ts';

/** The community feed (see posts.test.ts): paging through many posts, and attaching images and documents. */
describeBrowser('community feed: paging and files', () => {
  const { communityWith } = usePeople();

  it('pages 25 posts in, 10 at a time, as the page scrolls to the end of the feed', async () => {
    const { owner, community } = await feedClub(communityWith, 'Paula Pager');
    for (let n = 1; n <= 25; n += 1) await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: `Seeded post number ${n}` });

    const page = owner.page;
    await openCommunity(page, community.name, { live: true });
    const feed = feedOf(page);
    const articles = feed.getByRole('article');
    await expect.poll(() => articles.count()).toBe(10);
    expect(await articles.first().innerText()).toContain('Seeded post number 25');
    // The feed is part of the page (docs/layout.md): the page, not a box, scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    expect(await feed.getByRole('button', { name: 'Load more' }).count()).toBe(1);
    await shot(page, 'feed-paging');

    // Scrolling the page (the mouse wheel) to the feed's end loads the next page, then the last.
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => articles.count()).toBe(20);
    expect(await articles.nth(19).innerText()).toContain('Seeded post number 6');
    await page.mouse.wheel(0, 40_000);
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
    const { community, members: [pia, quinn] } = await feedClub(communityWith, 'Iris Owner', ['pia', 'Pia Poster'], ['quinn', 'Quinn Viewer']);
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
    // The word wraps in the box, which grows to its rows and scrolls: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
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
