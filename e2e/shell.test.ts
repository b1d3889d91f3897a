import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, newPage, screenshot, signInThroughUi, uniqueEmail, VIEWPORTS } from './browser.ts';

describeBrowser('the app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the not-found page for unknown paths, with a way home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/nowhere/at/all');
    await expect.poll(() => page.getByRole('heading', { name: 'Oops! Page Not Found.' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows Pricing and Login to visitors, and the start button remembers where to go', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    await page.getByRole('button', { name: 'Start Your Free Community' }).waitFor();
    await screenshot(page, 'home-visitor-phone');
    await page.getByRole('button', { name: 'Start Your Free Community' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBe('/start-community');
    await context.close();
  });

  it('keeps the first referral code it sees', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/?ref=abc12345');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('referral_code'))).toBe('abc12345');
    await page.goto('/?ref=other999');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('referral_code'))).toBe('abc12345');
    await context.close();
  });

  it('shows the messages dropdown and the avatar letter when signed in', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.phone);
    await signInThroughUi(page, uniqueEmail('zed'));
    expect((await page.getByRole('button', { name: 'Account menu' }).innerText()).trim()).toBe('Z');
    await page.getByRole('button', { name: 'Messages' }).click();
    await expect.poll(() => page.getByText('No messages').isVisible()).toBe(true);
    await screenshot(page, 'messages-phone');
    await context.close();
  });
});
