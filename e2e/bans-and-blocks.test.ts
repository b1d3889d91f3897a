import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  callTrpc,
  chatUrl,
  communityUrl,
  composerText,
  describeBrowser,
  inArabic,
  joinUrl,
  openCommunity,
  postWith,
  refusal,
  sendButton,
  shot,
  signUp,
  text,
  uniqueEmail,
  usePeople,
  VIEWPORTS,
} from './support/index.ts';

/*
 * Issue 25, bans and blocks: a moderator bans a member from the members list; the banned person's
 * open page loses the community at once and says they are banned; they cannot rejoin, see the
 * community or message its members; an unban lets them join again. A member blocks another: the
 * blocked person's post is collapsed for the blocker, and the blocked person cannot message them.
 */

const BANNED = 'You are banned from this community.';
const membersList = (page: Page) => page.getByRole('list', { name: 'Members', exact: true });
const bannedList = (page: Page) => page.getByRole('list', { name: 'Banned', exact: true });

describeBrowser('bans and blocks', () => {
  const { communityWith } = usePeople();

  it('a moderator bans a member, who loses the community and cannot rejoin or message; an unban lets them join again', async () => {
    const { owner, community, members } = await communityWith(['bea', 'Bea Owner'], 'Ban Club', ['cyd', 'Cyd Moderator'], ['bo', 'Bo Banned']);
    const [cyd, bo] = members;
    await callTrpc(owner.page, 'membership.setRole', { communityId: community.id, userId: cyd.id, role: 'moderator' });
    await callTrpc(bo.page, 'posts.create', { communityId: community.id, content: 'Bo was here' });

    // Bo has the feed open, live.
    await openCommunity(bo.page, community.name, { live: true });
    await postWith(bo.page, 'Bo was here').waitFor();

    // Cyd bans Bo from the members list: the row's Moderate menu, a reason, confirmed.
    await openCommunity(cyd.page, community.name, { tab: 'Members' });
    await cyd.page.getByRole('button', { name: 'Moderate Bo Banned' }).click();
    await cyd.page.getByRole('menuitem').first().waitFor();
    expect(await cyd.page.getByRole('menuitem').allInnerTexts()).toEqual(['Remove', 'Ban']);
    await cyd.page.getByRole('menuitem', { name: 'Ban' }).click();
    const dialog = cyd.page.getByRole('dialog', { name: 'Ban this person?' });
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Spam in every post');
    await shot(cyd.page, 'bans-ban-dialog');
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await expect.poll(() => membersList(cyd.page).getByText('Bo Banned').count(), { timeout: 10_000 }).toBe(0);
    const row = bannedList(cyd.page).getByRole('listitem').filter({ hasText: 'Bo Banned' });
    await row.getByText('Reason: Spam in every post').waitFor({ timeout: 10_000 });
    await row.getByText(/Banned .* by Cyd Moderator/).waitFor();
    // The owner bans someone by id: on Cyd's open list it arrives live, marked as placed above Cyd, with no Unban.
    const spammer = await signUp(uniqueEmail('spam'), 'Sam Spammer');
    await callTrpc(owner.page, 'membership.ban', { communityId: community.id, userId: spammer });
    const ownersBan = bannedList(cyd.page).getByRole('listitem').filter({ hasText: 'Sam Spammer' });
    await ownersBan.getByText('Banned by someone above you').waitFor({ timeout: 10_000 });
    expect(await ownersBan.getByRole('button').count()).toBe(0);
    await shot(cyd.page, 'bans-banned-list');

    // Bo's open page loses the community at once, and says why.
    await bo.page.getByRole('alert').filter({ hasText: 'You are banned from this community' }).waitFor({ timeout: 10_000 });
    expect(await postWith(bo.page, 'Bo was here').count()).toBe(0);
    // Reloaded, or through the join page: the same; and the server refuses joining, reading and messaging.
    await bo.page.goto(communityUrl(community.name));
    await bo.page.getByRole('alert').filter({ hasText: 'You are banned from this community' }).waitFor();
    expect(await bo.page.getByRole('link', { name: 'Join Community' }).count()).toBe(0);
    await shot(bo.page, 'bans-banned-notice');
    await bo.page.goto(joinUrl(community.name));
    await bo.page.getByRole('alert').filter({ hasText: 'You are banned from this community' }).waitFor();
    expect(await refusal(callTrpc(bo.page, 'membership.join', { communityId: community.id }))).toMatchObject({ code: 'FORBIDDEN', message: BANNED });
    expect(await refusal(callTrpc(bo.page, 'posts.list', { communityId: community.id }, 'query'))).toMatchObject({ code: 'FORBIDDEN', message: BANNED });
    expect(await refusal(callTrpc(bo.page, 'chat.send', { communityId: community.id, userId: cyd.id, text: 'let me back' }))).toMatchObject({ code: 'FORBIDDEN', message: BANNED });
    // Gone from Discover, for Bo only.
    const found = (page: Page) => callTrpc<{ items: Array<{ id: string }> }>(page, 'communities.list', { search: community.name, limit: 5 }, 'query');
    expect((await found(bo.page)).items).toEqual([]);
    expect((await found(cyd.page)).items.map((c) => c.id)).toEqual([community.id]);

    // In Arabic, on a phone.
    await inArabic(bo.page);
    await bo.page.setViewportSize(VIEWPORTS.phone);
    await bo.page.goto(communityUrl(community.name));
    await bo.page.getByRole('alert').filter({ hasText: text('ar', 'bans.youAreBannedTitle') }).waitFor();
    expect(await bo.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(bo.page, 'bans-banned-notice-ar-phone');

    // Cyd unbans Bo, who joins again through the page.
    await row.getByRole('button', { name: 'Unban Bo Banned' }).click();
    await expect.poll(() => bannedList(cyd.page).getByRole('listitem').filter({ hasText: 'Bo Banned' }).count(), { timeout: 10_000 }).toBe(0);
    // The owner lifts their own ban; Cyd's list empties live.
    await callTrpc(owner.page, 'membership.unban', { communityId: community.id, userId: spammer });
    await cyd.page.getByText('Nobody is banned from this community.').waitFor({ timeout: 10_000 });
    await bo.page.context().clearCookies({ name: 'lang' });
    await bo.page.setViewportSize(VIEWPORTS.desktop);
    await bo.page.goto(joinUrl(community.name));
    await bo.page.getByRole('button', { name: 'Join Community' }).click();
    await expect.poll(() => callTrpc<{ status: string }>(bo.page, 'membership.status', { communityId: community.id }, 'query').then((s) => s.status), { timeout: 10_000 }).toBe('approved');
  });

  it('a member blocks another from their profile: the blocked person’s post is collapsed for them, and the blocked person cannot message them', async () => {
    const { community, members } = await communityWith(['ola', 'Ola Owner'], 'Block Club', ['ana', 'Ana Blocker'], ['ben', 'Ben Blocked', VIEWPORTS.phone]);
    const [ana, ben] = members;
    const me = await callTrpc<{ username: string }>(ben.page, 'profiles.me', undefined, 'query');
    await callTrpc(ben.page, 'posts.create', { communityId: community.id, content: 'Ben posts something loud' });

    // Ana has the feed open; she blocks Ben from his profile on another page.
    await openCommunity(ana.page, community.name, { live: true });
    await postWith(ana.page, 'Ben posts something loud').waitFor();
    const profile = await ana.context.newPage();
    await profile.goto(`/profile/${me.username}`);
    await profile.getByRole('button', { name: 'Block Ben Blocked' }).click();
    await profile.getByRole('dialog', { name: 'Block Ben Blocked?' }).getByRole('button', { name: 'Block' }).click();
    await profile.getByRole('button', { name: 'Unblock Ben Blocked' }).waitFor({ timeout: 10_000 });
    await shot(profile, 'blocks-profile-blocked');
    await profile.close();

    // Her open feed follows: Ben's post is collapsed, and 'Show' shows it.
    const collapsed = ana.page.getByRole('article', { name: 'Post from a person you blocked' });
    await collapsed.waitFor({ timeout: 10_000 });
    expect(await postWith(ana.page, 'Ben posts something loud').count()).toBe(0);
    await shot(ana.page, 'blocks-feed-collapsed');
    await collapsed.getByRole('button', { name: 'Show' }).click();
    await postWith(ana.page, 'Ben posts something loud').waitFor();

    // Ben cannot message Ana: the chat says so.
    await ben.page.goto(chatUrl(community.name, ana.id));
    await composerText(ben.page).fill('Why did you block me?');
    await sendButton(ben.page).click();
    await ben.page.getByRole('alert').filter({ hasText: 'This person does not accept messages from you.' }).waitFor({ timeout: 10_000 });
    await shot(ben.page, 'blocks-chat-refused-phone');
    // Ana's side: the composer is closed, with the way to unblock in the header.
    await ana.page.goto(chatUrl(community.name, ben.id));
    await ana.page.getByRole('status').filter({ hasText: 'You blocked this person. Unblock them to send a message.' }).waitFor();
    expect(await composerText(ana.page).count()).toBe(0);
    await ana.page.getByRole('button', { name: 'Unblock Ben Blocked' }).waitFor();
    await shot(ana.page, 'blocks-chat-blocker');

    // Settings lists Ben; Unblock empties the list, and Ben's messages go through again.
    await ana.page.goto('/settings?section=blocked');
    const listed = ana.page.getByRole('list', { name: 'People you block' }).getByRole('listitem').filter({ hasText: 'Ben Blocked' });
    await listed.waitFor();
    await shot(ana.page, 'blocks-settings');
    await listed.getByRole('button', { name: 'Unblock Ben Blocked' }).click();
    await ana.page.getByText('You have not blocked anyone.').waitFor({ timeout: 10_000 });
    await inArabic(ana.page);
    await ana.page.reload();
    await ana.page.getByText(text('ar', 'blocks.settingsEmpty')).waitFor();
    await shot(ana.page, 'blocks-settings-ar');
    await expect(callTrpc(ben.page, 'chat.send', { communityId: community.id, userId: ana.id, text: 'Thanks' })).resolves.toMatchObject({ text: 'Thanks' });
  });
});
