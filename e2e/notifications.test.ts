import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, checkA11y, commentsButton, createEvent, describeBrowser, inArabic, markPage, openCommunity, postWith, screenshot, settled, stillSamePage, usePeople, VIEWPORTS } from './support/index.ts';

/** The top bar's bell (its name says how many are unread) and its panel. */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const item = (page: Page, text: string | RegExp) => panel(page).getByRole('link').filter({ hasText: text });

async function openPanel(page: Page) {
  await bell(page).click();
  await settled(panel(page));
}

async function closePanel(page: Page) {
  await page.keyboard.press('Escape');
  await panel(page).waitFor({ state: 'hidden' });
}

describeBrowser('notification centre', () => {
  const { communityWith } = usePeople();

  it("counts another member's comment and likes live, leads to the post and comment, follows 'Notify me about', mutes and removal", async () => {
    const { owner: olga, community, members: [ana, ben] } = await communityWith(['owner', 'Olga Owner'], 'Bell Club', ['ana', 'Ana Author'], ['ben', 'Ben Writer']);
    const post = await callTrpc<{ id: string }>(ben.page, 'posts.create', { communityId: community.id, content: 'My first sourdough loaf' });

    await ben.page.goto('/discover');
    await bell(ben.page).waitFor();
    expect(await bell(ben.page).getAttribute('aria-label')).toBe('Notifications');
    await markPage(ben.page);

    // Ana comments on Ben's post and likes it; Olga likes it too: Ben's bell counts up without a reload.
    const comment = await callTrpc<{ comment: { id: string } }>(ana.page, 'posts.addComment', { postId: post.id, content: 'Beautiful crumb!' });
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await callTrpc(ana.page, 'posts.like', { postId: post.id, liked: true });
    await callTrpc(olga.page, 'posts.like', { postId: post.id, liked: true });
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(await stillSamePage(ben.page)).toBe(true);

    // The panel: newest first, grouped likes, who, what, where and when; unread ones say so.
    await openPanel(ben.page);
    const liked = item(ben.page, 'Olga Owner and 1 other liked your post');
    const commented = item(ben.page, 'Ana Author commented on your post');
    await liked.waitFor();
    expect(await panel(ben.page).getByRole('link').first().innerText()).toContain('Olga Owner and 1 other liked your post');
    expect(await commented.innerText()).toContain('Beautiful crumb!');
    expect(await commented.innerText()).toContain(community.name);
    expect(await commented.innerText()).toContain('Unread');
    await screenshot(ben.page, 'notifications-panel');
    await checkA11y(ben.page, 'the notifications panel', panel(ben.page));

    // The comment's notification leads to the post, its comments open and the comment marked; it is read now.
    await commented.click();
    await ben.page.waitForURL((url) => url.searchParams.get('post') === post.id && url.searchParams.get('comment') === comment.comment.id);
    const linked = ben.page.getByRole('region', { name: 'The post you opened' });
    await linked.getByText('My first sourdough loaf').waitFor();
    await linked.getByRole('listitem', { name: 'Ana Author, the comment you opened' }).waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await screenshot(ben.page, 'notifications-linked-post');

    // 'Mark all as read'.
    await openPanel(ben.page);
    await panel(ben.page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications');
    await expect.poll(() => panel(ben.page).getByText('Unread').count()).toBe(0);
    await closePanel(ben.page);

    // 'Notify me about: Nothing': a new comment does not reach the bell.
    await ben.page.goto('/settings?section=notifications');
    await ben.page.getByRole('radio', { name: 'Nothing' }).check();
    await ben.page.getByRole('button', { name: 'Update notifications' }).click();
    await ben.page.getByText('Notifications updated').waitFor();
    await callTrpc(ana.page, 'posts.addComment', { postId: post.id, content: 'Recipe please?' });
    expect(await callTrpc(ben.page, 'notifications.unreadCount', undefined, 'query')).toBe(0);
    await openPanel(ben.page);
    expect(await item(ben.page, 'Recipe please?').count()).toBe(0);
    await closePanel(ben.page);

    // Back to everything, then Ben mutes the community from its header: nothing from it shows.
    await ben.page.getByRole('radio', { name: 'All new messages' }).check();
    await ben.page.getByRole('button', { name: 'Update notifications' }).click();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    // The page the server wrote shows the switch at once; it answers once the page is alive (a click
    // before then is held and made again then, later than the poll below would wait).
    await openCommunity(ben.page, community.name, { live: true });
    const mute = ben.page.getByRole('switch', { name: 'Mute notifications' });
    await expect.poll(() => mute.isEnabled()).toBe(true);
    await mute.check({ force: true });
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications');
    await screenshot(ben.page, 'notifications-muted-community');
    await mute.uncheck({ force: true });
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 1 unread');

    // The owner removes Ben: his notifications from the community are gone from the bell and the list.
    await markPage(ben.page);
    await callTrpc(olga.page, 'membership.remove', { communityId: community.id, userId: ben.id });
    await ben.page.goto('/notifications');
    await ben.page.getByText("You're all caught up").waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications');
  });

  it('one member comments on, replies to and mentions another through the page; his bell counts each live and leads to each', async () => {
    const { community, members: [ana, ben] } = await communityWith(['owner-trio', 'Olga Owner'], 'Bell Trio', ['ana-trio', 'Ana Author'], ['ben-trio', 'Ben Writer']);
    const post = await callTrpc<{ id: string }>(ben.page, 'posts.create', { communityId: community.id, content: 'Proofing times, anyone?' });
    const benComment = await callTrpc<{ comment: { id: string } }>(ben.page, 'posts.addComment', { postId: post.id, content: 'I do twelve hours' });
    await ben.page.goto('/discover');
    await bell(ben.page).waitFor();
    await markPage(ben.page);

    // Ana, on the community page: a comment on Ben's post, then a reply to his comment.
    await openCommunity(ana.page, community.name, { live: true });
    const onPage = postWith(ana.page, 'Proofing times, anyone?');
    await commentsButton(onPage).click();
    const box = onPage.getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    await box.pressSequentially('Eight for me');
    await onPage.getByRole('button', { name: 'Comment', exact: true }).click();
    await onPage.getByRole('listitem').filter({ hasText: 'Eight for me' }).waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await onPage.getByRole('listitem').filter({ hasText: 'I do twelve hours' }).getByRole('button', { name: 'Reply to Ben Writer' }).click();
    await box.pressSequentially('in the fridge?');
    await onPage.getByRole('button', { name: 'Comment', exact: true }).click();
    const reply = onPage.getByRole('listitem', { name: 'Ana Author' }).filter({ hasText: 'in the fridge?' });
    await reply.waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 2 unread');

    // Then a post of hers that mentions him, picked from the list '@' opens.
    const composer = ana.page.getByRole('textbox', { name: "What's on your mind?" });
    await composer.click();
    await composer.pressSequentially('Ask @Ben');
    await ana.page.getByRole('listbox').getByRole('option', { name: /Ben Writer/ }).click();
    await composer.pressSequentially('about rye');
    await ana.page.getByRole('button', { name: 'Post', exact: true }).click();
    await postWith(ana.page, 'about rye').waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 3 unread');
    expect(await stillSamePage(ben.page)).toBe(true);

    // Each leads to its own place: the mention to Ana's post, the reply and the comment to theirs.
    await openPanel(ben.page);
    // Ana's new post also counts in the community summary above the list (new posts are never a row each).
    await panel(ben.page).getByRole('link', { name: `1 new post in ${community.name}` }).waitFor();
    await screenshot(ben.page, 'notifications-comment-reply-mention');
    await item(ben.page, 'Ana Author mentioned you').click();
    await ben.page.getByRole('region', { name: 'The post you opened' }).getByText('about rye').waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications, 2 unread');

    await openPanel(ben.page);
    await item(ben.page, 'Ana Author replied to your comment').click();
    await ben.page.waitForURL((url) => url.searchParams.get('post') === post.id && url.searchParams.has('comment') && url.searchParams.get('comment') !== benComment.comment.id);
    await ben.page.getByRole('region', { name: 'The post you opened' }).getByRole('listitem', { name: 'Ana Author, the comment you opened' }).filter({ hasText: 'in the fridge?' }).waitFor();

    await openPanel(ben.page);
    await item(ben.page, 'Ana Author commented on your post').click();
    await ben.page.getByRole('region', { name: 'The post you opened' }).getByRole('listitem', { name: 'Ana Author, the comment you opened' }).waitFor();
    await expect.poll(() => bell(ben.page).getAttribute('aria-label')).toBe('Notifications');
  });

  it('on a phone the bell opens the full page, in Arabic too, and an event notification opens the event', async () => {
    const { owner: olga, community, members: [sara] } = await communityWith(['owner-ar', 'Olga Owner'], 'Bell Phone', ['sara', 'Sara Phone', VIEWPORTS.phone]);
    const post = await callTrpc<{ id: string }>(sara.page, 'posts.create', { communityId: community.id, content: 'Phone post' });
    await callTrpc(olga.page, 'posts.like', { postId: post.id, liked: true });
    await sara.page.goto('/discover');
    const phoneBell = sara.page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' });
    await phoneBell.click();
    await sara.page.waitForURL('**/notifications');
    await sara.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await sara.page.getByRole('link').filter({ hasText: 'Olga Owner liked your post' }).waitFor();
    await screenshot(sara.page, 'notifications-page-phone');

    // A new event reaches every member (a job tells them); its notification opens the event's panel.
    const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
    await createEvent(olga.page, community.id, { title: 'Bread workshop', startsAt, endsAt: new Date(startsAt.getTime() + 3600_000) });
    const scheduled = sara.page.getByRole('link').filter({ hasText: 'Olga Owner scheduled a new event: Bread workshop' });
    await scheduled.waitFor();
    await scheduled.click();
    await sara.page.waitForURL((url) => url.searchParams.has('event'));
    await sara.page.getByRole('dialog').getByRole('heading', { name: 'Bread workshop' }).waitFor();
    await screenshot(sara.page, 'notifications-linked-event-phone');
    await sara.page.goto('/notifications');

    // In Arabic: the same page, right to left, with Arabic sentences.
    await inArabic(sara.page);
    await sara.page.reload();
    await sara.page.getByRole('link').filter({ hasText: 'أعجب Olga Owner بمنشورك' }).waitFor();
    expect(await sara.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(sara.page, 'notifications-page-phone-ar');
    await checkA11y(sara.page, 'the notifications page on a phone', sara.page.getByRole('list', { name: 'إشعاراتك' }), 'ar');

    // On a wider screen the bell opens the panel, in Arabic as well.
    await sara.page.setViewportSize(VIEWPORTS.desktop);
    await sara.page.goto('/discover');
    await sara.page.getByRole('banner').getByRole('button', { name: /^الإشعارات/ }).click();
    const arabicPanel = sara.page.getByRole('dialog', { name: 'الإشعارات' });
    await settled(arabicPanel);
    await arabicPanel.getByRole('link').filter({ hasText: 'أعجب Olga Owner بمنشورك' }).waitFor();
    await checkA11y(sara.page, 'the notifications panel', arabicPanel, 'ar');
    await screenshot(sara.page, 'notifications-panel-ar');
  });
});
