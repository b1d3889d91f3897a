import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, describeBrowser, feedOf, inArabic, openCommunity, postWith, shot, text, usePeople, VIEWPORTS, type Viewport } from './support/index.ts';

/**
 * The member view's layout (docs/layout.md): the tab's content starts on the first screen, the
 * tabs keep to one row that scrolls sideways (both directions), and the feed is part of the page's
 * own scroll, loading more at its end, at a laptop's and a phone's size, in English and Arabic.
 */

type Language = 'en' | 'ar';
const tabs = (page: Page, language: Language) => page.getByRole('tablist', { name: text(language, 'communityPage.tabs.label') });
const tabName = (language: Language, key: 'posts' | 'members' | 'chat' | 'leaderboard') => text(language, key === 'chat' ? 'chat.tab' : `communityPage.tabs.${key}`);

/** Each tab's top edge (px); one row means one value. */
const tabTops = (list: Locator) => list.getByRole('tab').evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top)))]);

/** Whether `inner` lies wholly inside `outer` from side to side. */
async function inside(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return Boolean(a && b && a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1);
}

describeBrowser('community page layout', () => {
  const { communityWith } = usePeople();

  it('starts each tab near the top under a short header, and keeps the tabs on one scrolling row (desktop and phone, English and Arabic)', { timeout: 300_000 }, async () => {
    // The owner sees the most tabs (join requests too).
    const { owner, community } = await communityWith(['lena', 'Lena Layout'], { name: `Layout Loft ${Date.now().toString(36)}`, description: 'Where the tabs live.' }, ['lou', 'Lou Member']);
    const page = owner.page;
    const views: [Language, keyof typeof VIEWPORTS, Viewport][] = [
      ['en', 'desktop', VIEWPORTS.desktop],
      ['en', 'phone', VIEWPORTS.phone],
      ['ar', 'desktop', VIEWPORTS.desktop],
      ['ar', 'phone', VIEWPORTS.phone],
    ];
    for (const [language, size, viewport] of views) {
      if (language === 'ar') await inArabic(page);
      await page.setViewportSize(viewport);
      const list = tabs(page, language);
      const heading = page.getByRole('heading', { level: 1, name: community.name });

      // Posts: the full header (cover, creator, facts) above the tabs.
      await page.goto(communityUrl(community.name));
      await page.getByRole('tab', { name: tabName(language, 'posts'), selected: true }).waitFor();
      await heading.waitFor();
      const createdBy = page.getByText(text(language, 'communityPage.ownedBy', { name: 'Lena Layout' }));
      expect(await createdBy.isVisible()).toBe(true);
      expect(await tabTops(list)).toHaveLength(1);
      await shot(page, `layout-posts-${size}-${language}`);

      // Chat, members, leaderboard: a one-row header (the name still the page's heading), the content on the first screen.
      for (const tab of ['chat', 'members', 'leaderboard'] as const) {
        await page.goto(communityUrl(community.name, `?tab=${tab}`));
        await page.getByRole('tab', { name: tabName(language, tab), selected: true }).waitFor();
        await heading.waitFor();
        expect(await createdBy.count()).toBe(0);
        const panel = page.getByRole('tabpanel');
        const top = (await panel.boundingBox())?.y ?? Infinity;
        // Well within the first screen: at most 40% of its height down, on a laptop and on a phone.
        expect(top).toBeLessThan(viewport.height * 0.4);
        expect(await tabTops(list)).toHaveLength(1);
        // The selected tab is in view within the row, even the last one after a reload.
        expect(await inside(page.getByRole('tab', { selected: true }), list)).toBe(true);
        await shot(page, `layout-${tab}-${size}-${language}`);
      }
    }
  });

  it('scrolls the tab row the reading way on a phone, by touch and by keyboard', async () => {
    const { owner, community } = await communityWith(['rami', 'Rami Rows'], { name: `Row Room ${Date.now().toString(36)}` });
    const page = owner.page;
    await page.setViewportSize(VIEWPORTS.phone);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await inArabic(page);
      await page.goto(communityUrl(community.name));
      const list = tabs(page, language);
      const first = page.getByRole('tab', { name: tabName(language, 'posts') });
      const last = page.getByRole('tab', { name: tabName(language, 'leaderboard') });
      await first.waitFor();
      expect(await tabTops(list)).toHaveLength(1);
      // More tabs than fit: the row scrolls (the page itself does not widen).
      expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await list.getAttribute('data-more-end')).not.toBeNull();
      // Posts starts on the reading side: left in English, right in Arabic; the last tab lies beyond the other edge.
      const listBox = (await list.boundingBox())!;
      const firstBox = (await first.boundingBox())!;
      if (language === 'en') expect(firstBox.x).toBeLessThan(listBox.x + 10);
      else expect(firstBox.x + firstBox.width).toBeGreaterThan(listBox.x + listBox.width - 10);
      expect(await inside(last, list)).toBe(false);

      // Keyboard: End moves to the last tab, which scrolls into view (the row moved toward the end: left in Arabic); Enter opens it.
      await page.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('End');
      await expect.poll(() => last.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('tab', { name: tabName(language, 'leaderboard'), selected: true }).waitFor();
      await expect.poll(() => inside(last, list)).toBe(true);
      const scrolled = await list.evaluate((el) => el.scrollLeft);
      if (language === 'en') expect(scrolled).toBeGreaterThan(0);
      else expect(scrolled).toBeLessThan(0);
      expect(await list.getAttribute('data-more-start')).not.toBeNull();
      // Home goes back, and the row with it.
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await page.getByRole('tab', { name: tabName(language, 'posts'), selected: true }).waitFor();
      await expect.poll(() => inside(first, list)).toBe(true);

      // Touch: swipe (scroll) the row to its end and tap the last tab.
      await list.evaluate((el) => el.scrollBy({ left: (getComputedStyle(el).direction === 'rtl' ? -1 : 1) * el.scrollWidth }));
      await expect.poll(() => inside(last, list)).toBe(true);
      await last.click();
      await page.getByRole('tab', { name: tabName(language, 'leaderboard'), selected: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('tab')).toBe('leaderboard');
    }
  });

  it('scrolls the feed with the page, loads more at its end, and keeps the reader in place when a post arrives', async () => {
    const { owner, community, members: [reader] } = await communityWith(['paz', 'Paz Poster'], `Page Scroll ${Date.now().toString(36)}`, ['rey', 'Rey Reader']);
    // Longer than one page (10), each post a few lines tall.
    for (let n = 1; n <= 15; n += 1) await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: `Seeded post number ${n}\nA second line.\nA third line.` });
    const page = reader.page;
    await openCommunity(page, community.name, { live: true });
    const feed = feedOf(page);
    const articles = feed.getByRole('article');
    await expect.poll(() => articles.count()).toBe(10);

    // One scrollbar: the feed has no box of its own; the document is what scrolls.
    const style = await feed.evaluate((el) => ({ overflowY: getComputedStyle(el).overflowY, maxHeight: getComputedStyle(el).maxHeight, fits: el.scrollHeight <= el.clientHeight + 1 }));
    expect(style).toEqual({ overflowY: 'visible', maxHeight: 'none', fits: true });
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    // 'Load more' stays, for keyboards and screen readers.
    expect(await feed.getByRole('button', { name: 'Load more' }).count()).toBe(1);

    // The reader scrolls a little way down: a new post at the top does not move what they read.
    const reading = postWith(page, 'Seeded post number 12');
    await reading.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const before = (await reading.boundingBox())!.y;
    await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: 'Fresh from the oven' });
    await postWith(page, 'Fresh from the oven').waitFor();
    expect(await articles.first().innerText()).toContain('Fresh from the oven');
    expect(Math.abs((await reading.boundingBox())!.y - before)).toBeLessThanOrEqual(2);

    // Scrolling on to the end of the feed loads the next page, on a phone too (a person's scroll: a wheel turn at a time).
    await page.setViewportSize(VIEWPORTS.phone);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 600);
        return articles.count();
      }, { timeout: 30_000, interval: 200 })
      .toBe(16);
    expect(await articles.last().innerText()).toContain('Seeded post number 1');
    await feed.getByText("You're all caught up.").waitFor();
    expect(await feed.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('on a phone leaves the sidebar cards below the feed undrawn until they near the screen, and pulses the live dot on the compositor', async () => {
    const { community, members: [reader] } = await communityWith(['ola', 'Ola Owner'], `Offscreen ${Date.now().toString(36)}`, ['uma', 'Uma Reader']);
    const page = reader.page;
    await page.setViewportSize(VIEWPORTS.phone);
    await openCommunity(page, community.name, { live: true });
    const card = page.getByRole('region', { name: 'Events' });
    const visibility = () => card.evaluate((el) => getComputedStyle(el).contentVisibility);
    expect(await visibility()).toBe('auto');
    // Below the feed, its month is skipped: no box is drawn for it until the card nears the screen.
    const month = card.getByRole('table');
    expect(await card.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await month.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    // Beside the feed, on a laptop, the cards are on the screen anyway: drawn as any element.
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await visibility()).toBe('visible');

    // The live badge's dot: its ring is animated by transform and opacity (the compositor's), not its box-shadow.
    const dot = page.getByRole('status').filter({ hasText: 'Live' }).locator('span[aria-hidden="true"]').first();
    const animation = await dot.evaluate((el) => ({ own: getComputedStyle(el).animationName, ring: getComputedStyle(el, '::after').animationName, shadow: getComputedStyle(el).boxShadow }));
    expect(animation.own).toBe('none');
    expect(animation.ring).not.toBe('none');
    expect(animation.shadow).toBe('none');
  });
});
