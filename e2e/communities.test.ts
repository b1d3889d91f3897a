import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { communityUrl, createCommunity, describeBrowser, gate, joinUrl, pick, screenshot, signInThroughUi, uniqueCommunityName, uniqueEmail, uploadLogo, usePeople, VIEWPORTS, visible, playVideo } from './support/index.ts';

const STEP_ONE_MESSAGES = [
  'Community name is required.',
  'Please upload a community logo.',
  'Please select a category.',
  'Please select a language.',
  'Please enter a valid contact email.',
  'Available seats must be a number greater than 0.',
];

const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

/**
 * The owner changes settings the wizard does not ask for (privacy, price) through the API, as the
 * edit form (which belongs to the community page) would: communities.byName, then communities.update.
 */
async function updateCommunity(page: Page, name: string, changes: { isPrivate?: boolean; membershipAmountCents?: number }) {
  const status = await page.evaluate(async ({ communityName, changes }) => {
    const query = encodeURIComponent(JSON.stringify({ json: { name: communityName } }));
    const read = await fetch(`/trpc/communities.byName?input=${query}`);
    const c = ((await read.json()) as { result: { data: { json: Record<string, unknown> } } }).result.data.json;
    const input = {
      communityId: c.id,
      name: c.name,
      logoUrl: c.logoUrl,
      category: c.category,
      language: c.language,
      contactEmail: c.contactEmail,
      availableSeats: c.availableSeats,
      description: c.description,
      rules: c.rules,
      videoUrl: c.videoUrl,
      membershipAmountCents: c.membershipAmountCents,
      isPrivate: c.isPrivate,
      ...changes,
    };
    const res = await fetch('/trpc/communities.update', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ json: input }) });
    return res.status;
  }, { communityName: name, changes });
  expect(status).toBe(200);
}

describeBrowser('communities: create, join, my communities', () => {
  const { person, visitor } = usePeople();

  it('creates a community with a logo through both steps, after every step-1 message, and lands on its page', async () => {
    const { page } = await visitor();
    // Signed out, the wizard sends to the login page, which says why, and comes back after sign-in.
    await page.goto('/start-community');
    await page.waitForURL(/\/login$/);
    await visible(page, 'Please login to create a community.');
    await screenshot(page, 'create-community-login');
    await signInThroughUi(page, uniqueEmail('creator'), 'Cora Creator');
    await page.waitForURL(/\/start-community$/);
    await visible(page, 'Step 1 of 2: Core Details');
    expect(await page.getByRole('link', { name: 'Feedbacks' }).count()).toBe(0);

    // Every step-1 message at once; the seats field keeps only digits.
    const seats = page.getByRole('textbox', { name: 'Available seats' });
    await seats.pressSequentially('a1b2');
    expect(await seats.inputValue()).toBe('12');
    await seats.fill('0');
    await page.getByRole('textbox', { name: 'Contact email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Next Step' }).click();
    for (const message of STEP_ONE_MESSAGES) await visible(page, message);
    await visible(page, 'Step 1 of 2: Core Details');
    await screenshot(page, 'create-community-errors-desktop');

    const name = uniqueCommunityName('Rustaceans Guild');
    await page.getByRole('textbox', { name: 'Community name' }).fill(name);
    await uploadLogo(page);
    await pick(page, 'Category', /Coding & Development/);
    await pick(page, 'Language', /English/);
    await page.getByRole('textbox', { name: 'Contact email' }).fill('cora@example.org');
    await seats.fill('25');
    for (const message of STEP_ONE_MESSAGES) expect(await page.getByText(message, { exact: true }).count()).toBe(0);
    await screenshot(page, 'create-community-step1-desktop');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await visible(page, 'Step 2 of 2: Optional Details');

    // 'Previous Step' keeps what was typed.
    await page.getByRole('button', { name: 'Previous Step' }).click();
    await visible(page, 'Step 1 of 2: Core Details');
    expect(await page.getByRole('textbox', { name: 'Community name' }).inputValue()).toBe(name);
    expect(await page.getByRole('textbox', { name: 'Available seats' }).inputValue()).toBe('25');
    expect(await page.getByRole('combobox', { name: 'Category' }).inputValue()).toMatch(/Coding & Development/);
    expect(await page.getByRole('img', { name: 'Logo preview' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('textbox', { name: 'Description' }).fill('Learn Rust together, one crate at a time.');
    await page.getByRole('textbox', { name: 'Video URL (YouTube/Vimeo)' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await playVideo(page, 'Video preview', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('textbox', { name: 'Rules' }).fill('Be kind. No spam.');
    await page.getByRole('textbox', { name: 'Partner' }).fill('Pat Partner');
    await screenshot(page, 'create-community-step2-desktop');

    // While the community is being created: 'Creating...' and both buttons disabled.
    const creation = gate();
    await page.route('**/trpc/communities.create**', async (route) => {
      await creation.opened;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Community' }).click();
    const creating = page.getByRole('button', { name: 'Creating...' });
    await creating.waitFor();
    expect(await creating.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous Step' }).isDisabled()).toBe(true);
    creation.open();

    const dialog = page.getByRole('dialog', { name: 'Welcome to your new community!' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Share Feedback' }).getAttribute('href')).toBe('/feedbacks');
    await screenshot(page, 'create-community-welcome');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 10_000 }).toBe(true);

    // An owner now has the Feedbacks link, and the community is in 'My communities'.
    const feedbacks = page.getByRole('link', { name: 'Feedbacks' });
    await expect.poll(() => feedbacks.isVisible()).toBe(true);
    expect(await feedbacks.getAttribute('href')).toBe('/feedbacks');
    await page.goto('/my-communities');
    const owned = page.getByRole('list', { name: 'Communities you own' });
    await expect.poll(() => owned.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await owned.getByRole('link', { name }).innerText()).toContain('1/25 members');
    await visible(page, 'You have not joined any communities yet.');
    await screenshot(page, 'my-communities-owner-desktop');

    // The name is taken now: the server's message shows under the form.
    await page.goto('/start-community');
    await page.getByRole('textbox', { name: 'Community name' }).fill(name.toUpperCase());
    await uploadLogo(page);
    await pick(page, 'Category', /Business/);
    await pick(page, 'Language', /French/);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('button', { name: 'Create Community' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: `A community named '${name.toUpperCase()}' already exists.` }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Create Community' }).isEnabled()).toBe(true);
  });

  it('lets a second person join a free public community from its join page', async () => {
    const owner = await person('host', 'Hana Host');
    const name = uniqueCommunityName('Sunday Sketchers');
    await createCommunity(owner.page, { name, description: 'We draw every Sunday.\nBring a pencil.', rules: 'Share one sketch a week.' });

    const { page } = await person('joiner', 'Jo Joiner', VIEWPORTS.phone);
    await page.goto(joinUrl(name));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByRole('img', { name: `${name} logo` }).getAttribute('src')).toMatch(/^\/uploads\/community-logos\//);
    expect(await page.getByText('Created by Hana Host').isVisible()).toBe(true);
    await visible(page, '1 member');
    await visible(page, 'Free to Join');
    await visible(page, '💻 Coding & Development');
    await visible(page, '🇬🇧 English');
    expect(await page.getByRole('region', { name: 'About' }).innerText()).toContain('We draw every Sunday.\nBring a pencil.');
    expect(await page.getByRole('region', { name: 'Rules' }).innerText()).toContain('Share one sketch a week.');
    await screenshot(page, 'join-page-phone');

    await page.getByRole('button', { name: 'Join Community' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 10_000 }).toBe(true);

    // A member coming back to the join page goes straight to the community.
    await page.goto(joinUrl(name));
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);

    // 'My communities' lists it as joined; a member who owns nothing has no Feedbacks link.
    await page.goto('/my-communities');
    const joined = page.getByRole('list', { name: 'Communities you joined' });
    await expect.poll(() => joined.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await joined.getByRole('link', { name }).innerText()).toContain('2 members');
    await visible(page, 'You have not created any communities yet.');
    expect(await page.getByRole('link', { name: 'Feedbacks' }).count()).toBe(0);
    await screenshot(page, 'my-communities-member-phone');

    // The owner visiting the join page is sent to the community page.
    await owner.page.goto(joinUrl(name));
    await owner.page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);
  });

  it('keeps a person who joined from the community page a member as they move between its tabs', async () => {
    const owner = await person('keeper', 'Kai Keeper');
    const name = uniqueCommunityName('Tab Walkers');
    await createCommunity(owner.page, { name, description: 'We walk every tab.' });

    // The community page first, as someone not yet a member (its standing, read by the name in the address, says so).
    const { page } = await person('walker', 'Wen Walker');
    await page.goto(communityUrl(name));
    await page.getByRole('link', { name: 'Join Community' }).click();
    await page.getByRole('button', { name: 'Join Community' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);
    const tabs = page.getByRole('tablist', { name: 'Community sections' });
    await tabs.waitFor();
    // Each tab switch runs the route's loader again: the older standing it still holds by name must
    // not replace the newer one the join left.
    for (const tab of ['About', 'Members', 'Posts']) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect.poll(() => tabs.getByRole('tab', { name: tab, selected: true }).isVisible()).toBe(true);
    }
    // Back on the posts tab: the member's composer, and still the tabs.
    await page.getByRole('region', { name: 'Create a post' }).waitFor();
    expect(await tabs.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Join Community' }).count()).toBe(0);
  });

  it('refuses to join when every seat is taken', async () => {
    const owner = await person('solo', 'Sol Solo', VIEWPORTS.phone);
    const name = uniqueCommunityName('Single Seat Club');
    await createCommunity(owner.page, { name, seats: '1', screenshotAs: 'create-community-phone' });
    await owner.context.close();

    const { page } = await person('latecomer');
    await page.goto(joinUrl(name));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await visible(page, '1/1 members');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'No available seats in this community.' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Join Community' }).isDisabled()).toBe(true);
    await screenshot(page, 'join-page-full-desktop');
  });

  it("resumes a signed-out visitor's join after sign-in", async () => {
    const owner = await person('welcomer', 'Wes Welcomer');
    const name = uniqueCommunityName('Open Door Readers');
    await createCommunity(owner.page, { name });
    await owner.context.close();

    const { page } = await visitor(VIEWPORTS.phone);
    await page.goto(`${joinUrl(name)}?ref=partner42`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await visible(page, 'You will be asked to sign in first.');
    await screenshot(page, 'join-page-visitor-phone');
    await page.getByRole('button', { name: 'Join Community' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('pendingJoinCommunity'))).toBe(name);
    expect(await page.evaluate(() => localStorage.getItem('referral_code'))).toBe('partner42');

    await signInThroughUi(page, uniqueEmail('visitor'), 'Vi Visitor');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`, { timeout: 15_000 });
    expect(pathOf(page)).toBe(`/community/${name}`);
    expect(await page.evaluate(() => localStorage.getItem('pendingJoinCommunity'))).toBeNull();

    await page.goto('/my-communities');
    await expect.poll(() => page.getByRole('list', { name: 'Communities you joined' }).getByRole('link', { name }).isVisible()).toBe(true);
  });

  it('records a request for a private community and shows the pending screen', async () => {
    const owner = await person('gatekeeper', 'Gia Gatekeeper');
    const name = uniqueCommunityName('Quiet Circle');
    await createCommunity(owner.page, { name, description: 'A small, private reading circle.' });
    await updateCommunity(owner.page, name, { isPrivate: true });
    await owner.context.close();

    const { page } = await person('asker', 'Ari Asker');
    await page.goto(joinUrl(name));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await visible(page, 'Private community');
    await page.getByRole('button', { name: 'Request to Join' }).click();
    await page.getByRole('heading', { name: 'Your Request is Pending Review' }).waitFor();
    await screenshot(page, 'join-pending-desktop');

    // Coming back later still shows the pending screen; 'My communities' lists the request.
    await page.reload();
    await page.getByRole('heading', { name: 'Your Request is Pending Review' }).waitFor();
    await page.getByRole('link', { name: 'My communities' }).click();
    const pending = page.getByRole('list', { name: 'Waiting for approval' });
    await expect.poll(() => pending.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await pending.getByRole('link', { name }).innerText()).toContain('1 member');
    await visible(page, 'You have not joined any communities yet.');
  });

  it("shows a paid community's monthly price and a checkout button", async () => {
    const owner = await person('seller', 'Sam Seller');
    const name = uniqueCommunityName('Premium Pottery');
    await createCommunity(owner.page, { name, seats: '50' });
    await updateCommunity(owner.page, name, { membershipAmountCents: 1250 });
    await owner.context.close();

    const { page } = await person('buyer', undefined, VIEWPORTS.phone);
    await page.goto(joinUrl(name));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await visible(page, 'US$12.50 USD /mo');
    await visible(page, '1/50 members');
    expect(await page.getByText('Free to Join').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Join for US$12.50 USD /mo' }).isEnabled()).toBe(true);
    await screenshot(page, 'join-page-paid-phone');
  });

  it('says so when the community does not exist', async () => {
    const { page } = await visitor();
    await page.goto(joinUrl(uniqueCommunityName('Nowhere Club')));
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Community not found.' }).isVisible(), { timeout: 10_000 }).toBe(true);
  });
});
