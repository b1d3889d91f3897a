import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, createCommunity, describeBrowser, markPage, settled, shot, signInThroughUi, stillSamePage, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

/**
 * The partner programme, clicked through: a partner joins and copies their link; an owner arrives
 * through it, signs in and creates a paid community; a member pays through the local checkout; the
 * partner's open dashboard shows the referral, the member and 5% of the payment without a reload;
 * an admin records a payout; two partners use the forum live.
 */

/** The value the dashboard shows for a stat ('Referrals', 'Pending', ...). */
const stat = (page: Page, key: string) => page.locator(`[data-stat="${key}"]`).innerText();

/** Opens the dashboard and waits until live updates flow. */
async function openDashboard(page: Page) {
  await page.goto('/partner/dashboard');
  await page.getByRole('heading', { name: 'Partner Dashboard', level: 1 }).waitFor();
  await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
}

/** Joins the programme from the dashboard's one button. */
async function becomePartner(page: Page) {
  await page.goto('/partner/dashboard');
  await page.getByRole('heading', { name: 'You are not a partner yet' }).waitFor();
  await page.getByRole('button', { name: 'Become a Partner' }).click();
  await page.getByRole('textbox', { name: 'Referral link' }).waitFor();
  return page.getByRole('textbox', { name: 'Referral link' }).inputValue();
}

const feedOf = (page: Page) => page.getByRole('feed', { name: 'Community posts' });
const postWith = (page: Page, text: string) => feedOf(page).getByRole('article').filter({ hasText: text });
const likeButton = (post: Locator) => post.getByRole('button', { name: /^\d+ likes?$/ });
const commentsButton = (post: Locator) => post.getByRole('button', { name: /^\d+ comments?$/ });

describeBrowser('partner programme', () => {
  const { person, visitor, admin: signInAdmin } = usePeople();

  it('visitors see the overview (also at /partnership-program) and are asked to log in for a referral link', async () => {
    const { page } = await visitor();
    await page.goto('/partnership-program');
    await page.waitForURL((url) => url.pathname === '/partner');
    await page.getByRole('heading', { name: 'Partnership Program', level: 1 }).waitFor();
    for (const heading of ['5% of monthly revenue', 'Lifetime earnings', 'Real-time tracking', 'Direct referrals', 'Sign Up', 'Share', 'Earn']) {
      expect(await page.getByText(heading, { exact: true }).first().isVisible(), heading).toBe(true);
    }
    const menu = page.getByRole('navigation', { name: 'Partner menu' }).first();
    for (const item of ['Page Contents', 'Dashboard', 'Forum']) expect(await menu.getByRole('link', { name: item, exact: true }).isVisible(), item).toBe(true);
    await shot(page, 'partner-overview');
    await page.getByRole('link', { name: 'Join Now' }).click();
    await page.waitForURL(/\/partner\/dashboard$/);
    await page.getByText('Please login to get your referral link', { exact: true }).waitFor();
    await shot(page, 'partner-dashboard-visitor');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/partner');
    await page.getByRole('heading', { name: 'Partnership Program', level: 1 }).waitFor();
    await shot(page, 'partner-overview-phone');
  });

  it('a referred owner’s paid member earns the partner 5%, shown live on the open dashboard; an admin pays it out', async () => {
    // The partner joins from the account menu's 'Partnership Program', in one click, and copies the link.
    const partner = await person('partner', 'Pia Partner');
    await partner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await partner.page.goto('/');
    await partner.page.getByRole('button', { name: 'Account menu' }).click();
    await partner.page.getByRole('menuitem', { name: 'Partnership Program' }).click();
    await partner.page.waitForURL((url) => url.pathname === '/partner');
    await partner.page.getByRole('link', { name: 'Become a Partner' }).click();
    const link = await becomePartner(partner.page);
    // 8 characters without look-alikes (no 0, O, 1, I or L), so the code reads aloud and types back.
    const code = new URL(link).searchParams.get('ref')!;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(link).toBe(`${new URL(partner.page.url()).origin}?ref=${code}`);
    await partner.page.getByRole('button', { name: 'Copy link' }).click();
    await partner.page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await partner.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // 'Copied!' for two seconds.
    await partner.page.waitForTimeout(1500);
    expect(await partner.page.getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    await partner.page.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 1500 });
    // A browser that refuses the clipboard gets 'Copy failed'.
    await partner.page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
    await partner.page.getByRole('button', { name: 'Copy link' }).click();
    await partner.page.getByRole('button', { name: 'Copy failed' }).waitFor();

    await openDashboard(partner.page);
    expect(await stat(partner.page, 'referrals')).toBe('0');
    await markPage(partner.page);

    // The owner arrives through the link, signs in later, and creates a community in the wizard.
    const owner = await visitor();
    await owner.page.goto(`/?ref=${code}`);
    await owner.page.waitForLoadState('domcontentloaded');
    expect(await owner.page.evaluate(() => localStorage.getItem('referral_code'))).toBe(code);
    // A second partner's link later does not replace the first (first touch).
    await owner.page.goto('/?ref=SomeoneElse1');
    expect(await owner.page.evaluate(() => localStorage.getItem('referral_code'))).toBe(code);
    await signInThroughUi(owner.page, `omar.${Date.now()}@example.com`, 'Omar Owner');
    const name = uniqueCommunityName('Referred Guild');
    await createCommunity(owner.page, { name });
    const created = await callTrpc<{ id: string; logoUrl: string; category: string; language: string; contactEmail: string }>(owner.page, 'communities.byName', { name }, 'query');
    await callTrpc(owner.page, 'communities.update', {
      communityId: created.id,
      name,
      logoUrl: created.logoUrl,
      category: created.category,
      language: created.language,
      contactEmail: created.contactEmail,
      availableSeats: null,
      description: null,
      rules: null,
      videoUrl: null,
      isPrivate: false,
      membershipAmountCents: 999,
    });

    // The partner's open dashboard lists the referral at once.
    const referred = partner.page.getByRole('listitem', { name });
    await referred.waitFor();
    await expect.poll(() => stat(partner.page, 'referrals')).toBe('1');
    expect(await stat(partner.page, 'activeCommunities')).toBe('0');

    // A member pays US$9.99 through the local checkout stand-in.
    const payer = await person('payer', 'Pat Payer');
    await payer.page.goto(`/${encodeURIComponent(name)}/join`);
    await payer.page.getByRole('button', { name: 'Join for US$9.99 USD /mo' }).click();
    await payer.page.waitForURL(/\/checkout\/local\/[0-9a-f-]{36}$/);
    await payer.page.getByRole('button', { name: 'Pay' }).click();
    await payer.page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${name}`);

    // The dashboard follows without a reload: the member, the active community, 5% of 9.99 (49.95 → 50 cents).
    await expect.poll(() => stat(partner.page, 'totalMembers'), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => stat(partner.page, 'activeCommunities')).toBe('1');
    await expect.poll(() => stat(partner.page, 'pending')).toBe('$0.50');
    expect(await stat(partner.page, 'earned')).toBe('$0.50');
    expect(await referred.innerText()).toMatch(/\bactive\b/i);
    const earnings = partner.page.getByRole('table').filter({ hasText: 'Commission' });
    await expect.poll(() => earnings.innerText()).toContain(name);
    expect(await earnings.innerText()).toMatch(/commission\s+\$9\.99\s+\$0\.50/i);
    expect(await stillSamePage(partner.page)).toBe(true);
    await shot(partner.page, 'partner-dashboard');

    // The earnings as a CSV file.
    const download = partner.page.waitForEvent('download');
    await partner.page.getByRole('link', { name: 'Download earnings as CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('"date","month","community","entry","payment_amount","rate_percent","amount","currency"');
    expect(csv).toContain(`"${name}","commission","9.99","5","0.50","USD"`);

    // A platform admin records the payout; the partner's dashboard moves it from pending to paid.
    const admin = await signInAdmin();
    await admin.page.goto('/partner/payouts');
    await admin.page.getByRole('textbox', { name: 'Search partners' }).fill(code);
    const record = admin.page.getByRole('button', { name: 'Record payout for Pia Partner' });
    // The search has answered: Pia's row alone under the header.
    await expect.poll(() => admin.page.getByRole('row').count()).toBe(2);
    await record.waitFor();
    await shot(admin.page, 'partner-payouts-admin');
    await record.click();
    const dialog = admin.page.getByRole('dialog', { name: 'Record payout for Pia Partner' });
    await settled(dialog);
    await dialog.getByRole('textbox', { name: /Amount/ }).fill('0.60');
    await dialog.getByRole('button', { name: 'Record payout' }).click();
    await dialog.getByText('That is more than the pending $0.50.').waitFor();
    await shot(admin.page, 'partner-payouts-admin-dialog');
    await dialog.getByRole('textbox', { name: /Amount/ }).fill('0.50');
    await dialog.getByRole('textbox', { name: /Reference/ }).fill('Wire 2026-11');
    await dialog.getByRole('button', { name: 'Record payout' }).click();
    await admin.page.getByText('Payout of $0.50 recorded for Pia Partner.').waitFor();

    await expect.poll(() => stat(partner.page, 'paid'), { timeout: 10_000 }).toBe('$0.50');
    expect(await stat(partner.page, 'pending')).toBe('$0.00');
    await expect.poll(() => partner.page.getByRole('table', { name: 'Payouts' }).innerText()).toContain('Wire 2026-11');
    expect(await stillSamePage(partner.page)).toBe(true);
    await partner.page.setViewportSize(VIEWPORTS.phone);
    await shot(partner.page, 'partner-dashboard-phone');

    // Not an admin: the payouts page says so.
    await partner.page.goto('/partner/payouts');
    await partner.page.getByText('Only a platform admin can do this.').waitFor();
  });

  it('two partners use the forum: a post, a comment and a like arrive live; a non-partner is asked to join', async () => {
    const ana = await person('ana', 'Ana Partner');
    const ben = await person('ben', 'Ben Partner');
    const outsider = await person('outsider', 'Oli Outsider');
    await becomePartner(ana.page);
    await becomePartner(ben.page);

    await outsider.page.goto('/partner/dashboard');
    await outsider.page.getByRole('link', { name: 'Forum' }).first().click();
    await outsider.page.waitForURL(/\/forum$/);
    await outsider.page.getByRole('heading', { name: 'The forum is for partners' }).waitFor();
    expect(await feedOf(outsider.page).count()).toBe(0);

    for (const { page } of [ana, ben]) {
      await page.getByRole('link', { name: 'Go to the forum' }).click();
      await page.waitForURL(/\/forum$/);
      await page.getByRole('heading', { name: 'Partner Forum', level: 1 }).waitFor();
      await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    }
    await markPage(ben.page);
    const text = `Which niches refer best? ${Date.now()}`;
    await ana.page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
    await ana.page.getByRole('button', { name: 'Post', exact: true }).click();

    const benPost = postWith(ben.page, text);
    await benPost.waitFor();
    await commentsButton(benPost).click();
    await benPost.getByRole('textbox', { name: 'Write a comment' }).fill('Coding bootcamps, by far.');
    await benPost.getByRole('button', { name: 'Comment', exact: true }).click();
    await likeButton(benPost).click();

    const anaPost = postWith(ana.page, text);
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('1 comment');
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('1 like');
    await commentsButton(anaPost).click();
    await expect.poll(() => anaPost.getByRole('list', { name: 'Comments' }).innerText()).toContain('Coding bootcamps, by far.');
    expect(await stillSamePage(ben.page)).toBe(true);
    await shot(ana.page, 'partner-forum');
    await ben.page.setViewportSize(VIEWPORTS.phone);
    await shot(ben.page, 'partner-forum-phone');
  });
});
