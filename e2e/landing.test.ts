import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, gate, pageErrors, screenshot, text, usePeople, VIEWPORTS } from './support/index.ts';

const FEATURES = ['All-in-One Platform', 'Integrated Courses', 'Unlimited Members'];

/** The visible price of the plan card, e.g. '$89 per month'. */
const planPrice = (page: Page) => page.getByTestId('plan-price').first().innerText();

const LEGAL_PAGES = [
  {
    path: '/subscription-terms',
    title: 'Subscription Terms',
    section: 'Free trial',
    terms: ['$89 per month', '$499 for six months', '30-day free trial', '5 business days'],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    section: 'Cookies and browser storage',
    terms: ['HttpOnly', 'encrypted at rest', 'profile picture'],
  },
  {
    path: '/terms-of-use',
    title: 'Terms of Use',
    section: 'Who can use Commonroom',
    terms: ['at least 13 years old', '5% of the monthly revenue'],
  },
  {
    path: '/refund-policy',
    title: 'Refund Policy',
    section: 'Refunds within 48 hours',
    terms: ['within 48 hours', '2 business days', 'more than 24 hours'],
  },
];

/**
 * Opens a page as it arrives, before it comes alive: the entry script runs (and the app will take the
 * page over), while every chunk it then needs waits until `open()`. With `entryToo`, the entry script
 * waits as well: the page is only the HTML that arrived, with its one inline script.
 */
async function openBeforeAlive(page: Page, path = '/', { entryToo = false } = {}) {
  const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)![1]!;
  const chunks = gate();
  let waiting = 0;
  await page.route('**/assets/*.js', async (route) => {
    if (entryToo || !route.request().url().endsWith(entry)) {
      waiting += 1;
      await chunks.opened;
    }
    await route.continue();
  });
  // A module script held back holds the load event too: the page is there once its HTML has come.
  await page.goto(path, { waitUntil: entryToo ? 'commit' : 'load' });
  await expect.poll(() => waiting).toBeGreaterThan(0);
  return chunks;
}

describeBrowser('the landing, pricing and legal pages', () => {
  const { person, visitor } = usePeople();

  it('shows visitors the hero, the three feature cards, pricing and the footer', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await visitor(viewport);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Build a community your members love to be part of/ }).waitFor();
      for (const feature of FEATURES) expect(await page.getByRole('heading', { name: feature, exact: true }).isVisible()).toBe(true);
      expect(await page.locator('#pricing').getByRole('heading', { name: 'Unlimited Plan' }).isVisible()).toBe(true);
      // Inside <main> (the root layout is not ours), so a plain footer element rather than the contentinfo landmark.
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe('/refund-policy');
      expect(await footer.getByRole('link', { name: 'Plans' }).getAttribute('href')).toBe('/pricing');
      expect(await page.title()).toContain('Commonroom');
      await screenshot(page, `landing-${name}`);
      await context.close();
    }
  });

  it('toggles the plan between monthly ($89) and six-month ($499) billing', async () => {
    const { page } = await visitor();
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await pricing.getByRole('radiogroup', { name: 'Billing period' }).waitFor();
    expect(await pricing.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await planPrice(page)).toContain('$89');
    expect(await planPrice(page)).toContain('per month');

    await pricing.getByText('Six months', { exact: true }).click();
    await expect.poll(() => planPrice(page)).toContain('$499');
    expect(await planPrice(page)).toContain('every six months');
    expect(await planPrice(page)).not.toContain('$89');
    expect(await pricing.getByText('You save $35 compared with monthly billing').isVisible()).toBe(true);
    expect(await pricing.getByText('30-day money-back guarantee').isVisible()).toBe(true);

    await pricing.getByText('Monthly', { exact: true }).click();
    await expect.poll(() => planPrice(page)).toContain('$89');
  });

  it('keeps a click and the scroll made before the page has come alive, once the app has hydrated', async () => {
    const { page } = await visitor();
    const chunks = await openBeforeAlive(page);
    const pricing = page.locator('#pricing');
    // The click scrolls the pricing into view: the app keeps that scroll when it takes the page over, and
    // nothing above it moves (the page painted from the HTML looks as the app draws it).
    await pricing.getByText('Six months', { exact: true }).click();
    expect(await planPrice(page)).toContain('$89');
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    chunks.open();
    await expect.poll(() => planPrice(page)).toContain('$499');
    expect(await pricing.getByRole('radio', { name: 'Six months' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  it('keeps a click made before any script has arrived: the sign-in button still signs in', async () => {
    const { page } = await visitor();
    const scripts = await openBeforeAlive(page, '/login', { entryToo: true });
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    expect(await page.evaluate(() => window.location.pathname)).toBe('/login');
    scripts.open();
    await page.waitForURL(/\/auth\/dev/);
  });

  it('keeps a language chosen before the page has come alive, and every part of the page comes alive in it without an error', async () => {
    // The page arrives in Arabic; English, whose text the entry carries, applies at once when chosen.
    const { page } = await visitor(VIEWPORTS.desktop, { locale: 'ar-EG' });
    const chunks = await openBeforeAlive(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    // The footer's language picker, clicked while the page is still the HTML that arrived.
    await page.locator('footer').locator('label').filter({ hasText: 'English' }).click();
    chunks.open();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Every part, the ones that come alive after the page around them too, reads in English.
    await page.getByRole('heading', { name: FEATURES[0], exact: true }).waitFor();
    await page.locator('#pricing').getByText('Six months', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'See plans and prices' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(pageErrors(page)).toEqual([]);
  });

  it('hydrates around the parts without behaviour, which follow a language change and render after a navigation', async () => {
    const { page } = await visitor();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => Object.assign(window, { arrivedHeading: document.getElementById('features-heading') }));
    });
    await page.goto('/');
    // Hydrated: the plan switches; the feature cards are the very elements that arrived in the HTML.
    await page.locator('#pricing').getByText('Six months', { exact: true }).click();
    await expect.poll(() => planPrice(page)).toContain('$499');
    expect(await page.evaluate(() => document.getElementById('features-heading') === (window as unknown as { arrivedHeading: Element }).arrivedHeading)).toBe(true);
    for (const feature of FEATURES) expect(await page.getByRole('heading', { name: feature, exact: true }).isVisible()).toBe(true);

    await page.locator('footer').locator('label').filter({ hasText: 'العربية' }).click();
    await page.getByRole('heading', { name: text('ar', 'landing.features.heading'), exact: true }).waitFor();
    await page.getByRole('heading', { name: text('ar', 'landing.features.allInOne.title'), exact: true }).waitFor();
    await page.locator('footer').locator('label').filter({ hasText: 'English' }).click();
    await page.getByRole('heading', { name: FEATURES[0], exact: true }).waitFor();

    // Rendered by the browser after a navigation (no HTML to keep), the parts are all there.
    await page.locator('footer').getByRole('link', { name: 'Plans' }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    for (const feature of FEATURES) await page.getByRole('heading', { name: feature, exact: true }).waitFor();
  });

  it('scrolls to the pricing section from the closing call to action', async () => {
    const { page } = await visitor(VIEWPORTS.phone);
    await page.goto('/');
    const cta = page.getByRole('button', { name: 'See plans and prices' });
    await cta.scrollIntoViewIfNeeded();
    const pricingTop = () => page.evaluate(() => document.getElementById('pricing')!.getBoundingClientRect().top);
    expect(await pricingTop()).toBeLessThan(-500);
    await cta.click();
    await expect.poll(async () => Math.abs(await pricingTop()), { timeout: 5_000 }).toBeLessThan(100);
    expect(await page.locator('#pricing').getByRole('heading', { name: 'One plan. Everything included.' }).isVisible()).toBe(true);
  });

  it('hydrates a page written last year without an error, then shows this year in the footer', async () => {
    const { page } = await visitor();
    // The pages were written ahead of time (at build) this year; the browser's calendar is a year on.
    const nextYear = new Date().getUTCFullYear() + 1;
    await page.clock.setFixedTime(new Date(Date.UTC(nextYear, 0, 2, 12)));
    await page.goto('/');
    const footer = page.locator('footer');
    await expect.poll(() => footer.innerText()).toContain(`© ${nextYear} Commonroom`);
    await page.getByRole('button', { name: 'See plans and prices' }).click();
    await expect.poll(async () => Math.abs(await page.evaluate(() => document.getElementById('pricing')!.getBoundingClientRect().top))).toBeLessThan(100);
    expect(pageErrors(page)).toEqual([]);
  });

  it("remembers /start-community and goes to /login from 'Start Your Free Community'", async () => {
    const { page } = await visitor();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Your Free Community' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBe('/start-community');

    // The plan card's button does the same.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Start your free trial' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBe('/start-community');
  });

  it('sends signed-in people straight to /start-community from the plan card', async () => {
    const { page } = await person('owner', 'Olive Owner');
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Start your free trial' }).click();
    await page.waitForURL((url) => url.pathname === '/start-community');
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBeNull();
  });

  it('shows the plan at /pricing and at /Pricing', async () => {
    for (const path of ['/pricing', '/Pricing']) {
      const { context, page } = await visitor(path === '/pricing' ? VIEWPORTS.desktop : VIEWPORTS.phone);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Simple pricing for every community' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Unlimited Plan' }).isVisible()).toBe(true);
      expect(await planPrice(page)).toContain('$89');
      expect(await page.getByRole('heading', { name: 'Oops! Page Not Found.' }).count()).toBe(0);
      await page.getByRole('button', { name: "What if Commonroom isn't right for me?" }).click();
      await page.getByRole('link', { name: 'Refund Policy' }).first().waitFor();
      await screenshot(page, path === '/pricing' ? 'pricing-desktop' : 'pricing-capital-phone');
      await context.close();
    }
  });

  it('shows each legal page with its title, date, contents and terms', async () => {
    for (const legal of LEGAL_PAGES) {
      const { context, page } = await visitor();
      await page.goto(legal.path);
      await page.getByRole('heading', { level: 1, name: legal.title }).waitFor();
      expect(await page.getByText(/^Last updated \w+ \d{1,2}, \d{4}$/).isVisible()).toBe(true);
      const section = page.getByRole('region', { name: legal.section });
      expect(await section.isVisible()).toBe(true);
      const text = await page.locator('article').innerText();
      for (const term of legal.terms) expect(text).toContain(term);
      // One plan only: the spec's contradictory Basic/Pro/Enterprise prices and 7-day trial are not repeated.
      expect(text).not.toMatch(/\$49\b|\$99\b|\$299\b|7-day/);
      expect(await page.title()).toBe(`${legal.title} — Commonroom`);

      await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: legal.section }).click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe('');
      await expect.poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 5_000 }).toBeLessThan(120);
      expect(await section.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      await screenshot(page, `legal${legal.path.replace('/', '-')}-desktop`);
      await context.close();
    }
  });

  it('fits the legal pages on a phone, with the contents folded away', async () => {
    const { page } = await visitor(VIEWPORTS.phone);
    await page.goto('/refund-policy');
    await page.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    const toggle = page.getByRole('button', { name: 'On this page' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Billing errors' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'legal-refund-policy-phone');
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'legal-privacy-policy-phone');
  });
});
