import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { communityUrl, describeBrowser, inArabic, markPage, postWith, shot, stillSamePage, text, usePeople, VIEWPORTS, writePost } from './support/index.ts';

/** Presence reaches an open page within a socket's sync (1 s), a round (5 s), the servers' cache (3 s) and a spread (2 s); the 20 s refetch is the backstop. */
const LIVE = { timeout: 25_000, interval: 250 };

const countOf = (page: Page) => page.getByTestId('online-count').innerText();
const membersList = (page: Page) => page.getByRole('list', { name: 'Members', exact: true });
/** The green dot on `name`'s avatar in the members tab. */
const dotIn = (page: Page, name: string) => membersList(page).getByRole('listitem').filter({ hasText: name }).getByRole('img', { name: 'Online' });

/**
 * Who is online: a member watching the community page sees another open it (the count and the dot
 * on their avatar change, no reload), close it (back again), and, once they hide their online
 * status in the settings, not at all, while the hidden one still sees the others.
 */
describeBrowser('who is online', () => {
  const { communityWith } = usePeople();

  it('changes the count and the dots as a member opens and closes the page, and never shows a hidden member', async () => {
    const { owner, community, members } = await communityWith(['pia', 'Pia Owner'], 'Presence Club', ['ben', 'Ben Member']);
    const [ben] = members;
    // Ben has no page of the app open.
    await ben.page.goto('about:blank');

    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    await markPage(owner.page);
    await expect.poll(() => countOf(owner.page), LIVE).toBe('1 member online now');
    await dotIn(owner.page, 'Pia Owner').waitFor(LIVE);
    expect(await dotIn(owner.page, 'Ben Member').count()).toBe(0);

    // Ben opens the community page: Pia's count and Ben's dot change without a reload.
    const benPage = await ben.context.newPage();
    await benPage.goto(communityUrl(community.name));
    await writePost(benPage, 'Hello from Ben, online');
    await expect.poll(() => countOf(owner.page), LIVE).toBe('2 members online now');
    await dotIn(owner.page, 'Ben Member').waitFor(LIVE);
    // Ben sees Pia online too, in the members tab and on her side of the feed.
    await expect.poll(() => countOf(benPage), LIVE).toBe('2 members online now');
    await benPage.getByRole('tab', { name: 'Members' }).click();
    await dotIn(benPage, 'Pia Owner').waitFor(LIVE);
    await shot(owner.page, 'presence-members-desktop');

    // In the feed, Ben's post carries his dot.
    await owner.page.getByRole('tab', { name: 'Posts' }).click();
    await postWith(owner.page, 'Hello from Ben, online').getByRole('img', { name: 'Online' }).waitFor(LIVE);
    await shot(owner.page, 'presence-feed-desktop');

    // Ben closes the page: back to one, and no dot.
    await benPage.close();
    await ben.page.goto('about:blank');
    await expect.poll(() => countOf(owner.page), LIVE).toBe('1 member online now');
    expect(await postWith(owner.page, 'Hello from Ben, online').getByRole('img', { name: 'Online' }).count()).toBe(0);
    expect(await stillSamePage(owner.page)).toBe(true);

    // Ben hides his online status, then opens the page again: Pia never sees him online.
    const settings = await ben.context.newPage();
    await settings.goto('/settings');
    const hide = settings.getByRole('switch', { name: 'Hide my online status' });
    await hide.click();
    await settings.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await hide.isChecked()).toBe(true);
    await shot(settings, 'presence-settings-desktop');
    await settings.goto(communityUrl(community.name, '?tab=members'));
    // The hidden one still sees the others.
    await dotIn(settings, 'Pia Owner').waitFor(LIVE);
    expect(await countOf(settings)).toBe('1 member online now');
    expect(await dotIn(settings, 'Ben Member').count()).toBe(0);
    // Pia's page: a full round and a refetch later, still one and no dot for Ben.
    await owner.page.getByRole('tab', { name: 'Members' }).click();
    await owner.page.waitForTimeout(8000);
    expect(await countOf(owner.page)).toBe('1 member online now');
    expect(await dotIn(owner.page, 'Ben Member').count()).toBe(0);
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const { owner, community, members } = await communityWith(['rana', 'Rana Owner'], 'Presence Arabic', ['sami', 'Sami Member', VIEWPORTS.phone]);
    const [sami] = members;
    await inArabic(owner.page);
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    const list = owner.page.getByRole('list', { name: text('ar', 'communityPage.members.list'), exact: true });
    await sami.page.goto(communityUrl(community.name, '?tab=members'));
    await expect.poll(() => countOf(owner.page), LIVE).toBe(text('ar', 'presence.count_two'));
    await list.getByRole('listitem').filter({ hasText: 'Sami Member' }).getByRole('img', { name: text('ar', 'presence.online') }).waitFor(LIVE);
    expect(await owner.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(owner.page, 'presence-members-arabic-desktop');
    await dotIn(sami.page, 'Rana Owner').waitFor(LIVE);
    await shot(sami.page, 'presence-members-phone');
    await sami.page.goto('/settings');
    await sami.page.getByRole('switch', { name: 'Hide my online status' }).waitFor();
    await shot(sami.page, 'presence-settings-phone');
  });
});
