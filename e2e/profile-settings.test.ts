import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, screenshot, usePeople, VIEWPORTS } from './support/index.ts';

/** A real 64x64 PNG (an orange square), small enough to inline; the server scales avatars to 256x256. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDqqlyTnvErIh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHqDmgUsRjN81AAAAAElFTkSuQmCC',
  'base64',
);

async function ownUsername(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const handle = (await page.getByText(/^@[A-Za-z0-9_]+$/).innerText()).slice(1);
  await page.keyboard.press('Escape');
  return handle;
}

async function expectFieldError(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).isVisible(), { timeout: 5000 }).toBe(true);
}

describeBrowser('profile and settings', () => {
  const { person, visitor } = usePeople();

  it('edits the profile, showing each validation message, and the profile page reflects it', async () => {
    const { page } = await person('editor', 'Edith Editor');
    await page.goto('/settings');
    const username = page.getByLabel('Username');
    await username.waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();

    await username.fill('a');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expectFieldError(page, 'Username must be at least 2 characters.');
    await username.fill('x'.repeat(31));
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expectFieldError(page, 'Username must not be longer than 30 characters.');

    const handle = `edith_${Date.now().toString(36)}`;
    await username.fill(handle);
    await page.getByLabel('Contact email').fill('not-an-email');
    await page.getByLabel('Bio').fill('abc');
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.getByLabel('Link 1', { exact: true }).fill('notaurl');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expectFieldError(page, 'Please enter a valid contact email.');
    await expectFieldError(page, 'Bio must be at least 4 characters.');
    await expectFieldError(page, 'Please enter a valid URL.');
    await screenshot(page, 'settings-profile-errors');

    await page.getByLabel('Contact email').fill('edith@example.org');
    await page.getByLabel('Bio').fill('I edit things for a living.');
    await page.getByLabel('Link 1', { exact: true }).fill('https://edith.example.org');
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.getByLabel('Link 2', { exact: true }).fill('https://second.example.org');
    await page.getByRole('button', { name: 'Remove link 2' }).click();
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect.poll(() => page.getByText('Profile Updated!').isVisible()).toBe(true);
    expect(await page.getByText('Your profile has been successfully updated.').isVisible()).toBe(true);

    await page.goto(`/profile/${handle}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Edith Editor' }).isVisible()).toBe(true);
    expect(await page.getByText(`@${handle}`).isVisible()).toBe(true);
    expect(await page.getByText('I edit things for a living.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'edith.example.org' }).getAttribute('href')).toBe('https://edith.example.org');
    expect(await page.getByText('second.example.org').count()).toBe(0);
    expect(await page.getByText(/^Joined on [A-Z][a-z]+ \d{4}$/).isVisible()).toBe(true);
    await screenshot(page, 'profile-page');

    // A second username change within 30 days is refused with a clear message.
    await page.goto('/settings');
    await page.getByLabel('Username').fill(`${handle}_2`);
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'once every 30 days' }).isVisible()).toBe(true);
  });

  it('offers the URL rows once the profile is here, and keeps a row just added when the profile changes beside it (issue 26, point 10)', async () => {
    const { page } = await person('rows', 'Rhea Rows', VIEWPORTS.phone);
    // The profile's read is held as the page opens: nothing to edit is offered until it is here.
    let release: () => void = () => {};
    let asked: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const reading = new Promise<void>((resolve) => (asked = resolve));
    const me = (url: URL) => url.pathname.includes('profiles.me');
    await page.route(me, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto('/settings');
    await reading;
    expect(await page.getByRole('button', { name: 'Add URL' }).count()).toBe(0);
    release();
    await page.getByRole('button', { name: 'Add URL' }).click();
    await page.getByLabel('Link 1', { exact: true }).fill('https://rhea.example.org');
    // The profile changes beside the form (the presence switch writes it): the row and its text stay.
    await page.getByRole('switch', { name: /Hide my online status/ }).click();
    await page.getByRole('status').filter({ hasText: /saved/i }).waitFor();
    expect(await page.getByLabel('Link 1', { exact: true }).inputValue()).toBe('https://rhea.example.org');
    await page.unrouteAll({ behavior: 'wait' });
  });

  it('uploads an avatar that then shows in the top bar and on the profile page', async () => {
    const { page } = await person('pictured', 'Pia Pictured', VIEWPORTS.phone);
    await page.goto('/');
    const handle = await ownUsername(page);
    await page.goto('/settings');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('img', { name: 'Avatar preview' });
    await expect.poll(async () => (await preview.getAttribute('src')) ?? '', { timeout: 10_000 }).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect.poll(() => page.getByText('Profile Updated!').isVisible()).toBe(true);
    await screenshot(page, 'settings-avatar-phone');

    const topBarAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect.poll(async () => (await topBarAvatar.getAttribute('src')) ?? '').toMatch(/^\/uploads\/avatars\//);
    expect(await topBarAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

    await page.goto(`/profile/${handle}`);
    const profileAvatar = page.locator('main img[src^="/uploads/avatars/"]');
    // The page draws the picture once the profile has loaded: wait for it, then count.
    await profileAvatar.first().waitFor();
    expect(await profileAvatar.count()).toBe(1);
  });

  it('saves notification preferences, with security e-mails always on', async () => {
    const { page } = await person('notified');
    await page.goto('/settings?section=notifications');
    await page.getByRole('radio', { name: 'Direct messages and mentions' }).check();
    await page.getByRole('switch', { name: 'Marketing emails' }).check({ force: true });
    expect(await page.getByRole('switch', { name: 'Security emails' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Security emails' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Update notifications' }).click();
    await expect.poll(() => page.getByText('Notifications updated').isVisible()).toBe(true);
    await screenshot(page, 'settings-notifications');

    await page.reload();
    await page.getByRole('radio', { name: 'Direct messages and mentions' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Direct messages and mentions' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Marketing emails' }).isChecked()).toBe(true);
  });

  it('shows the not-found alert for an unknown username, to visitors too', async () => {
    const { page } = await visitor();
    await page.goto('/profile/nobody_by_this_name');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('The requested user was not found. Make sure the username in the link is correct.');
    await screenshot(page, 'profile-not-found');
  });
});
