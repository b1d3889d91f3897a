import { expect, it } from 'vitest';
import { describeBrowser, screenshot, usePeople, VIEWPORTS } from './support/index.ts';

describeBrowser('the app shell', () => {
  const { person, visitor } = usePeople();

  it('shows the not-found page for unknown paths, with a way home', async () => {
    const { page } = await visitor();
    await page.goto('/nowhere/at/all');
    await expect.poll(() => page.getByRole('heading', { name: 'Oops! Page Not Found.' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows Pricing and Login to visitors, and the start button remembers where to go', async () => {
    const { page } = await visitor(VIEWPORTS.phone);
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    await page.getByRole('button', { name: 'Start Your Free Community' }).waitFor();
    await screenshot(page, 'home-visitor-phone');
    await page.getByRole('button', { name: 'Start Your Free Community' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBe('/start-community');
  });

  it('keeps the first referral code it sees', async () => {
    const { page } = await visitor();
    await page.goto('/?ref=abc12345');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('referral_code'))).toBe('abc12345');
    await page.goto('/?ref=other999');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('referral_code'))).toBe('abc12345');
  });

  it('shows the messages dropdown and the avatar letter when signed in', async () => {
    const { page } = await person('zed', undefined, VIEWPORTS.phone);
    await page.goto('/');
    expect((await page.getByRole('button', { name: 'Account menu' }).innerText()).trim()).toBe('Z');
    await page.getByRole('button', { name: 'Messages' }).click();
    await expect.poll(() => page.getByText('No messages').isVisible()).toBe(true);
    await screenshot(page, 'messages-phone');
  });
});
