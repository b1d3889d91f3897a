import { expect, it } from 'vitest';
import { describeBrowser, screenshot, usePeople, VIEWPORTS } from './support/index.ts';

describeBrowser('e-mail', () => {
  const { communityWith, visitor } = usePeople();

  it('chooses the digest, receives a welcome in the local mailbox, and its unsubscribe link turns the switch off', async () => {
    const { community, members } = await communityWith(['mail-owner', 'Olga Owner'], 'Mail Garden', ['mail-joiner', 'Jamal Joiner', VIEWPORTS.phone]);
    const { page } = members[0];

    // The digest choice (weekly by default) beside the e-mail switches; communication e-mails on.
    await page.goto('/settings?section=notifications');
    await page.getByRole('radio', { name: 'Weekly' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Daily' }).check();
    await page.getByRole('switch', { name: 'Communication emails' }).check({ force: true });
    await page.getByRole('button', { name: 'Update notifications' }).click();
    await expect.poll(() => page.getByText('Notifications updated').isVisible()).toBe(true);
    await screenshot(page, 'settings-email-digest');

    // Without SMTP_URL the welcome to the new community lands in the mailbox this computer shows.
    const mailbox = await visitor();
    const subject = `Welcome to ${community.name}`;
    await expect
      .poll(async () => {
        await mailbox.page.goto('/dev/mailbox');
        return mailbox.page.getByRole('link', { name: subject }).isVisible();
      }, { timeout: 60_000, interval: 2000 })
      .toBe(true);
    await screenshot(mailbox.page, 'dev-mailbox');
    await mailbox.page.getByRole('link', { name: subject }).click();
    const header = mailbox.page.locator('dt', { hasText: /^List-Unsubscribe$/ }).locator('xpath=following-sibling::dd[1]');
    const unsubscribeUrl = (await header.innerText()).replace(/^<|>$/g, '');
    await screenshot(mailbox.page, 'dev-mailbox-email');

    // The link asks, one click turns communication e-mails off without signing in; the settings show it.
    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('You will no longer receive e-mails about reminders');
    await page.goto('/settings?section=notifications');
    await page.getByRole('radio', { name: 'Daily' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Communication emails' }).isChecked()).toBe(false);
  });
});
