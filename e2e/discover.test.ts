import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeBrowser, loadedItemCount, screenshot, signInThroughUi, signUp, uniqueEmail, usePeople, VIEWPORTS, playVideo } from './support/index.ts';

const databaseUrl = inject('databaseUrl');
if (inject('e2eEnabled') && !databaseUrl) console.warn('Discover browser tests skipped: the e2e app runs on PGlite, which this process cannot seed.');
const describeDiscover = databaseUrl ? describeBrowser : describeBrowser.skip;

/** A token in every seeded name, so searches find only this run's rows. */
const tag = `t${Date.now().toString(36)}`;
const communityNames = {
  yoga: `Zephyr Yoga ${tag}`,
  painters: `zephyr Painters ${tag}`,
  coders: `ZEPHYR Coders ${tag}`,
  ledger: `Quiet Ledger ${tag}`,
};

const gridCards = (page: Page) => page.getByRole('list', { name: 'Communities' }).getByRole('listitem');

describeDiscover('Discover', () => {
  const { person, visitor } = usePeople();
  let sql: postgres.Sql;
  let priyaUsername: string;
  let ownerUsername: string;

  beforeAll(async () => {
    sql = postgres(databaseUrl!, { max: 2, onnotice: () => {} });
    const owner = await signUp(uniqueEmail('owner'), 'Olga Owner');
    await sql`
      insert into communities (name, owner_id, category, language, members_count, available_seats, membership_amount_cents, video_url, created_at)
      values
        (${communityNames.ledger}, ${owner}, 'finance', 'spanish', 3, null, 0, null, now() - interval '4 minutes'),
        (${communityNames.coders}, ${owner}, 'coding', 'english', 41, null, 0, null, now() - interval '3 minutes'),
        (${communityNames.painters}, ${owner}, 'design', 'french', 7, 25, 1250, 'https://youtu.be/dQw4w9WgXcQ', now() - interval '2 minutes'),
        (${communityNames.yoga}, ${owner}, 'health', 'english', 12, 50, 999, null, now() - interval '1 minute')`;
    const priya = await signUp(uniqueEmail('priya'), `Priya Ramanujan ${tag}`);
    await signUp(uniqueEmail('marcus'), `Marcus Aurelius ${tag}`);
    await sql`update profiles set category = 'coding', language = 'english' where id = ${priya}`;
    const [row] = await sql<{ username: string }[]>`select username from profiles where id = ${priya}`;
    priyaUsername = row!.username;
    const [ownerRow] = await sql<{ username: string }[]>`select username from profiles where id = ${owner}`;
    ownerUsername = ownerRow!.username;
    // Priya is an approved member of the yoga community and has asked to join the coders.
    await sql`
      insert into community_members (community_id, user_id, role, status)
      select id, ${priya}, 'member', case when name = ${communityNames.yoga} then 'approved'::member_status else 'pending'::member_status end
      from communities where name in (${communityNames.yoga}, ${communityNames.coders})`;
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
  });

  it('shows the title, the totals and the community grid; the search filters it case-insensitively', async () => {
    const { page } = await person('viewer', 'Vera Viewer');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Discover' }).waitFor();
    expect(await page.getByText('Find amazing communities and connect with inspiring people.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '+ Community' }).getAttribute('href')).toBe('/Pricing');

    // Everyone's communities and open profiles, less the partners' forum and its host, which Discover
    // never counts. Other browser files share the database and sign people in meanwhile: the page's
    // totals are compared with the database's as read right after them, the page read again until
    // both agree.
    const totals = page.getByRole('group', { name: 'Totals' });
    await expect
      .poll(
        async () => {
          const shown = await totals.innerText();
          const [row] = await sql<{ communities: number; profiles: number }[]>`
            select (select count(*) from communities where not is_forum)::int as communities,
                   (select count(*) from profiles where email <> 'forum-host' and closed_at is null)::int as profiles`;
          const expected = new RegExp(`${row!.communities.toLocaleString('en-US')} communities\\s+${row!.profiles.toLocaleString('en-US')} profiles`);
          if (expected.test(shown.trim())) return true;
          await page.reload();
          await totals.getByText(/profiles/).waitFor();
          return `${shown} (the database: ${row!.communities}, ${row!.profiles})`;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const search = page.getByRole('searchbox', { name: 'Search communities' });
    expect(await search.getAttribute('placeholder')).toBe('Search communities by name...');
    await search.fill(tag.toUpperCase());
    await expect.poll(() => gridCards(page).count()).toBe(4);
    // Newest first.
    // Each card's own link (a video's poster holds a link of its own, to the video's page).
    expect(await gridCards(page).locator('a[aria-label]').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')))).toEqual([
      communityNames.yoga,
      communityNames.painters,
      communityNames.coders,
      communityNames.ledger,
    ]);
    const yoga = page.getByRole('link', { name: communityNames.yoga });
    expect(await yoga.getAttribute('href')).toBe(`/community/${encodeURIComponent(communityNames.yoga)}`);
    expect(await yoga.innerText()).toContain('12/50 members');
    expect(await yoga.innerText()).toContain('US$9.99 USD /mo');
    expect(await page.getByRole('link', { name: communityNames.coders }).innerText()).toContain('41 members');
    expect(await page.getByRole('link', { name: communityNames.coders }).innerText()).not.toContain('USD /mo');
    await screenshot(page, 'discover-desktop');
    await playVideo(page.getByRole('list', { name: 'Communities' }), `${communityNames.painters}: preview video`, 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    await search.fill(`zEpHyR`);
    await expect.poll(() => gridCards(page).count()).toBe(3);
  });

  it('filters by category chip and language; All clears the chip; a miss says so', async () => {
    const { page } = await person('chips');
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search communities' }).fill(tag);
    await expect.poll(() => gridCards(page).count()).toBe(4);

    const chips = page.getByRole('radiogroup', { name: 'Category' });
    await chips.getByText('Design & Creativity').click();
    await expect.poll(() => gridCards(page).count()).toBe(1);
    expect(await page.getByRole('link', { name: communityNames.painters }).isVisible()).toBe(true);
    await chips.getByText('All', { exact: true }).click();
    await expect.poll(() => gridCards(page).count()).toBe(4);

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: /Spanish/ }).click();
    await expect.poll(() => gridCards(page).count()).toBe(1);
    expect(await page.getByRole('link', { name: communityNames.ledger }).isVisible()).toBe(true);

    await page.getByRole('searchbox', { name: 'Search communities' }).fill(`nothing like this ${tag}`);
    await expect.poll(() => page.getByText('No matching communities found').isVisible()).toBe(true);
  });

  it('People: switching tabs clears the search; people are searchable by name; a card opens the profile', async () => {
    const { page } = await person('people', undefined, VIEWPORTS.phone);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search communities' }).fill(tag);
    await expect.poll(() => gridCards(page).count()).toBe(4);
    await screenshot(page, 'discover-phone');

    await page.getByRole('tab', { name: 'People' }).click();
    const search = page.getByRole('searchbox', { name: 'Search people' });
    expect(await search.inputValue()).toBe('');
    expect(await search.getAttribute('placeholder')).toBe('Search people by name or username...');
    const people = page.getByRole('list', { name: 'People' }).getByRole('listitem');
    await expect.poll(() => people.count()).toBeGreaterThanOrEqual(3);

    await search.fill(`RAMANUJAN ${tag}`);
    await expect.poll(() => people.count()).toBe(1);
    await screenshot(page, 'discover-people-phone');
    await search.fill(`nobody called this ${tag}`);
    await expect.poll(() => page.getByText('No people found matching your search.').isVisible()).toBe(true);

    await search.fill(priyaUsername.toUpperCase());
    await expect.poll(() => people.count()).toBe(1);
    await people.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/profile/${priyaUsername}`);
  });

  it("a profile page lists the person's owned and joined communities", async () => {
    const { page } = await visitor();
    await page.goto(`/profile/${ownerUsername}`);
    expect(await loadedItemCount(page.getByRole('list', { name: 'Owned Communities' }))).toBe(4);
    expect(await page.getByRole('list', { name: 'Joined Communities' }).count()).toBe(0);
    await screenshot(page, 'profile-owned-communities');

    await page.goto(`/profile/${priyaUsername}`);
    const joinedList = page.getByRole('list', { name: 'Joined Communities' });
    expect(await loadedItemCount(joinedList)).toBe(1);
    const joined = joinedList.getByRole('listitem');
    expect(await joined.getByRole('link').getAttribute('aria-label')).toBe(communityNames.yoga);
    expect(await page.getByRole('list', { name: 'Owned Communities' }).count()).toBe(0);
  });

  it('People: retries network errors 1 s, 2 s and 4 s apart, then offers Retry Now', async () => {
    const { page } = await person('offline');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Discover' }).waitFor();
    const cut = (url: URL) => url.pathname.includes('profiles.list');
    await page.route(cut, (route) => route.abort('internetdisconnected'));
    await page.getByRole('tab', { name: 'People' }).click();
    await expect.poll(() => page.getByText('Network issue fetching people. Retrying... (Attempt 1)').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Network issue fetching people. Retrying... (Attempt 3)').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('Network error fetching people. Please check connection.').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'discover-people-offline');

    await page.unroute(cut);
    await page.getByRole('button', { name: 'Retry Now' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'People' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'discover-people-desktop');
  });

  it("draws the cards' shapes while the first page loads, on a phone, then the cards in their place", async () => {
    const { page } = await visitor(VIEWPORTS.phone);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const list = (url: URL) => url.pathname.includes('communities.list');
    await page.route(list, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/discover');
    const loading = page.getByRole('status', { name: 'Loading communities' });
    await loading.waitFor();
    // Six cards' shapes in the grid's one column: the screen is laid out, not a lone spinner.
    expect(await loading.locator('.mantine-Card-root').count()).toBe(6);
    const box = (await loading.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeGreaterThan(600);
    await screenshot(page, 'discover-loading-phone');
    // The handler stays: later reads pass straight through it (an unroute here would race the held
    // handler's continue, which then finds its request already handled).
    release();
    await expect.poll(() => gridCards(page).count()).toBeGreaterThan(0);
    expect(await loading.count()).toBe(0);
    // Before the page closes, the handler's calls in flight (a refetch) finish: one still running as
    // the page closed found its request already handled and failed the run as an unhandled error.
    await page.unrouteAll({ behavior: 'wait' });
  });

  // Last, since joining changes a seeded community's member count.
  it('lets a visitor browse Discover from the landing page, and join a community after signing in', async () => {
    const { page } = await visitor(VIEWPORTS.phone);
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore communities' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');
    await page.getByRole('heading', { name: 'Discover' }).waitFor();
    // Nobody is signed in: the top bar offers Login, and the grid and search work as for members.
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search communities' }).fill(tag);
    await expect.poll(() => gridCards(page).count()).toBe(4);
    await screenshot(page, 'discover-visitor-phone');
    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('searchbox', { name: 'Search people' }).fill(`Priya Ramanujan ${tag}`);
    await expect.poll(() => page.getByRole('list', { name: 'People' }).getByRole('listitem').count()).toBe(1);
    await page.getByRole('tab', { name: 'Communities' }).click();
    await page.getByRole('searchbox', { name: 'Search communities' }).fill(tag);
    await page.getByRole('link', { name: communityNames.coders }).click();
    await page.getByRole('heading', { name: communityNames.coders, level: 1 }).waitFor();

    // Joining asks for sign-in first, then comes back and joins.
    await page.getByRole('link', { name: 'Join Community' }).click();
    await page.getByRole('button', { name: 'Join Community' }).click();
    await page.waitForURL(/\/login$/);
    await signInThroughUi(page, uniqueEmail('visitor'), 'Vic Visitor');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${communityNames.coders}`, { timeout: 15_000 });
    await page.getByRole('tab', { name: 'Posts' }).waitFor();
  });
});
