import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { commentsButton, communityUrl, describeBrowser, feedClub, openCommunity, pageErrors, postWith, usePeople, writePost } from './support/index.ts';

/** Waits until the app has written the browser's time zone (at idle, lib/time-zone.ts): the server renders a member's pages from then on. */
async function zoneKnown(page: Page) {
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'tz')).toBe(true);
}

/**
 * Keeps, as each page's HTML is parsed, the element the server wrote for `selector`: once the app is
 * live, `wasTakenOver` tells whether React hydrated that very element (true) or drew the page again.
 */
async function keepFirstElement(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstElement: Element | null }).firstElement = document.querySelector(wanted);
    });
  }, selector);
}
const wasTakenOver = (page: Page, selector: string) =>
  page.evaluate((wanted) => {
    const first = (window as unknown as { firstElement: Element | null }).firstElement;
    return first !== null && first.isConnected && first === document.querySelector(wanted);
  }, selector);

/** The first live status of the page: the app has taken it over and its subscriptions run. */
const live = (page: Page) => page.getByRole('status').getByText('Live', { exact: true }).waitFor();

describeBrowser('member pages rendered by the server', () => {
  const { communityWith } = usePeople();

  /** An owner's post in a club, and a member who has opened the club once (so the server knows their time zone). */
  async function memberAfterPost(ownerName: string, member: readonly [string, string], text: string) {
    const { owner, members: [reader], community } = await feedClub(communityWith, ownerName, member);
    await openCommunity(owner.page, community.name);
    await writePost(owner.page, text);
    await openCommunity(reader!.page, community.name);
    await zoneKnown(reader!.page);
    return { owner, page: reader!.page, community };
  }

  it("paints a member's posts tab and chat tab from the HTML, hydrates them without an error, and they go live", async () => {
    const { owner, page, community } = await memberAfterPost('Olga Owner', ['mia', 'Mia Member'], 'Rendered for Mia before her script ran');
    for (const [search, selector] of [
      ['', '[role="feed"]'],
      [`?tab=chat&with=${owner.id}`, '[role="log"]'],
    ] as const) {
      await keepFirstElement(page, selector);
      const answer = await page.goto(communityUrl(community.name, search));
      const html = await answer!.text();
      expect(answer!.headers()['cache-control'], search).toBe('private, no-store');
      expect(html, search).toContain('id="page-data"');
      if (!search) expect(html).toContain('Rendered for Mia before her script ran');
      await page.getByRole('tab', { name: search ? 'Chat' : 'Posts', selected: true }).waitFor();
      await live(page);
      // The list the server wrote is the one on the page: taken over, not drawn again (the chat tab's
      // code, a chunk of its own, was there before hydration).
      expect(await wasTakenOver(page, selector), search).toBe(true);
    }
    // Back on the posts tab, hydrated: the owner's next post reaches it live.
    await openCommunity(page, community.name, { live: true });
    await writePost(owner.page, 'And this one live');
    await postWith(page, 'And this one live').waitFor();
    expect(pageErrors(page, { failedLoads: false })).toEqual([]);
  });

  it('comes alive without reading its lists again, and shows what happened while it loaded', async () => {
    const { owner, page, community } = await memberAfterPost('Opal Owner', ['mira', 'Mira Member'], 'Written before Mira opened the page');
    // Mira's page arrives rendered, but its script waits while the owner posts.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // What this page asks for: from its script's start (the page before it may still be asking as it goes).
    const reads: string[] = [];
    let started = false;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (started && pathname.startsWith('/trpc/')) reads.push(...decodeURIComponent(pathname.slice('/trpc/'.length)).split(','));
    });
    const answer = page.goto(communityUrl(community.name));
    await postWith(page, 'Written before Mira opened the page').waitFor();
    await writePost(owner.page, 'Written while her page was loading');
    started = true;
    release();
    await answer;
    await live(page);
    // Sent by the feed's subscription, which started from where the page was read.
    await postWith(page, 'Written while her page was loading').waitFor();
    // The next post reaches it live, as ever.
    await writePost(owner.page, 'And one after it came alive');
    await postWith(page, 'And one after it came alive').waitFor();
    // Nothing the page was rendered with was asked for again: not the feed, the community, the
    // membership, the courses, the calendar, the bell or the messages (who is online is not rendered).
    expect(reads.filter((procedure) => procedure !== 'membership.online')).toEqual([]);
    expect(pageErrors(page, { failedLoads: false })).toEqual([]);
  });

  it('writes the first three posts into the page and draws the others once it is alive, in order', async () => {
    const { owner, page, community } = await memberAfterPost('Oona Owner', ['moe', 'Moe Member'], 'Older post one');
    for (const text of ['Older post two', 'Newer post three', 'Newer post four', 'Newest post five']) await writePost(owner.page, text);
    const answer = await page.goto(communityUrl(community.name));
    const html = await answer!.text();
    // The server renders the first screen's three posts; the rest of the page's posts come with its data.
    for (const text of ['Newest post five', 'Newer post four', 'Newer post three']) expect(html).toContain(`${text}</`);
    for (const text of ['Older post two', 'Older post one']) expect(html).not.toContain(`${text}</`);
    await live(page);
    // Once the page is alive the others are drawn (one per task), newest first, below the first three.
    const posts = page.getByRole('feed').getByRole('article');
    await expect.poll(() => posts.count()).toBe(5);
    expect((await posts.allInnerTexts()).map((text) => /(Old|New)\w* post \w+/.exec(text)?.[0])).toEqual([
      'Newest post five',
      'Newer post four',
      'Newer post three',
      'Older post two',
      'Older post one',
    ]);
    expect(pageErrors(page, { failedLoads: false })).toEqual([]);
  });

  it("draws a member's page afresh from its data, without an error or a request, when the browser's clock is a day off", async () => {
    const { page, community } = await memberAfterPost('Odile Owner', ['max', 'Max Member'], 'Read by a browser whose clock is wrong');
    // The page before is left first: its subscriptions may start only now on a busy machine, and each
    // start asks for its lists again (that page was drawn in the browser), which is not this page's work.
    await page.goto('about:blank');

    await page.clock.setFixedTime(new Date(Date.now() + 24 * 60 * 60_000));
    // No live updates here (the socket reaches no server): a subscription that starts asks for its
    // lists again by design, and this test counts what drawing the page itself asks for.
    await page.routeWebSocket(/\/trpc/, () => {});
    await keepFirstElement(page, '[role="feed"]');
    const feedReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('posts.list')) feedReads.push(request.url());
    });
    const answer = await page.goto(communityUrl(community.name));
    expect(await answer!.text()).toContain('Read by a browser whose clock is wrong');
    await postWith(page, 'Read by a browser whose clock is wrong').waitFor();
    await page.getByRole('button', { name: 'Post', exact: true }).waitFor();
    // Drawn again (React could not have taken HTML written by another clock over), from the page's data.
    await expect.poll(() => wasTakenOver(page, '[role="feed"]')).toBe(false);
    expect(feedReads).toEqual([]);
    expect(pageErrors(page, { failedLoads: false })).toEqual([]);
  });

  it('grows the composer and a comment box with their text, each up to its rows, sized by the browser', async () => {
    const { owner, members: [member], community } = await feedClub(communityWith, 'Otto Owner', ['mae', 'Mae Member']);
    await openCommunity(owner.page, community.name);
    await writePost(owner.page, 'A post to comment on');
    const { page } = member!;
    await openCommunity(page, community.name, { live: true });
    const height = async (box: ReturnType<Page['getByRole']>) => (await box.boundingBox())!.height;
    await commentsButton(postWith(page, 'A post to comment on')).click();
    for (const [box, rows] of [
      [page.getByRole('textbox', { name: "What's on your mind?" }), 10],
      [postWith(page, 'A post to comment on').getByRole('textbox', { name: 'Write a comment' }), 6],
    ] as const) {
      const empty = await height(box);
      await box.fill('one\ntwo\nthree');
      const three = await height(box);
      expect(three).toBeGreaterThan(empty);
      await box.fill(Array.from({ length: rows + 4 }, (_, line) => `line ${line}`).join('\n'));
      const full = await height(box);
      await box.fill(Array.from({ length: rows + 8 }, (_, line) => `line ${line}`).join('\n'));
      // At most its rows tall (then it scrolls), as Mantine's autosize held it.
      expect(await height(box)).toBe(full);
      expect(full).toBeGreaterThan(three);
      expect(await box.evaluate((element) => getComputedStyle(element).getPropertyValue('field-sizing'))).toBe('content');
    }
  });
});
