import { expect, it } from 'vitest';
import { describeBrowser, screenshot, signInThroughUi, uniqueEmail, usePeople, VIEWPORTS } from './support/index.ts';

describeBrowser('signing in and out', () => {
  const { visitor } = usePeople();

  it('shows the signed-out Login screen and enforces the terms checkbox', async () => {
    const { page } = await visitor();
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Your Community' }).isVisible()).toBe(true);
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Use and Privacy Policy and Terms of Use/ });
    expect(await terms.isChecked()).toBe(true);
    expect(await page.getByText('Login provides access to your subscribed communities.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    await screenshot(page, 'login-desktop');

    await terms.uncheck();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Please accept the Terms of Use before proceeding.' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');

    await terms.check();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/auth\/dev/);
  });

  it('shows the provider error on the Login screen', async () => {
    const { page } = await visitor(VIEWPORTS.phone);
    await page.goto('/login?error=state');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Failed to initiate Google sign-in.' }).isVisible()).toBe(true);
    await screenshot(page, 'login-error-phone');
  });

  it('creates a profile with the spec username on first sign-in, then signs out', async () => {
    const { context, page } = await visitor();
    const email = uniqueEmail('Ada.Lovelace');
    await signInThroughUi(page, email, 'Ada Lovelace');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Discover', level: 1 }).isVisible()).toBe(true);

    const avatar = page.getByRole('button', { name: 'Account menu' });
    expect((await avatar.innerText()).trim()).toBe('A');
    await avatar.click();
    const handle = await page.getByText(/^@[a-z0-9_]+_\d{6}$/).innerText();
    expect(handle).toMatch(/^@adalovelace[a-z0-9]*_\d{6}$/);
    for (const item of ['Profile', 'My communities', 'Partnership Program', 'Settings', 'Sign out']) {
      expect(await page.getByRole('menuitem', { name: item }).isVisible()).toBe(true);
    }
    await screenshot(page, 'home-signed-in-menu');

    // Signed in, /login sends the person home.
    await page.keyboard.press('Escape');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'session')).toBeUndefined();

    // The same person signing in again gets the same profile back.
    await signInThroughUi(page, email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByText(/^@[a-z0-9_]+_\d{6}$/).innerText()).toBe(handle);
  });

  it('sends a signed-out visitor of a protected page to /login and back after sign-in', async () => {
    const { page } = await visitor();
    await page.goto('/settings');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Your Community' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/auth\/dev/);
    await page.getByLabel('E-mail').fill(uniqueEmail('returning'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 15_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBeNull();
  });
});
