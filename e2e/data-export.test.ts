import { readFileSync } from 'node:fs';
import { jsonIn, unzip } from '@app/api/testing/zip';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, describeBrowser, inArabic, markPage, sendViaApi, shot, stillSamePage, usePeople, VIEWPORTS } from './support/index.ts';

/*
 * Issue 25, leaving with one's data: a member with posts, a comment and chat messages clicks 'Export
 * my data', watches it become ready without a reload, is told in the bell and by e-mail, and
 * downloads the ZIP, whose contents are checked; the owner downloads the members as CSV.
 */

describeBrowser('data export', () => {
  const { communityWith, visitor } = usePeople();

  it('a member exports their data and downloads the ZIP; the owner downloads the members CSV', async () => {
    const { owner, community, members } = await communityWith(['exp-owner', 'Olga Owner'], 'Export Garden', ['exp-mia', 'Mia Member'], ['exp-ben', 'Ben Buddy']);
    const [mia, ben] = members;
    const post = await callTrpc<{ id: string }>(mia.page, 'posts.create', { communityId: community.id, content: 'Tomatoes love sun' });
    await callTrpc(mia.page, 'posts.create', { communityId: community.id, content: 'Basil next to them' });
    await callTrpc(mia.page, 'posts.addComment', { postId: post.id, content: 'And water every morning' });
    await sendViaApi(mia, community.id, ben, 'Seeds on Saturday?');
    await sendViaApi(ben, community.id, mia, 'Yes, bring the trowel');
    await sendViaApi(ben, community.id, owner, 'Between Ben and Olga only');

    // Mia asks for her export on the settings page; it becomes ready on the open page, no reload.
    const { page } = mia;
    await page.goto('/settings?section=data');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await shot(page, 'data-export-settings');
    await markPage(page);
    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByText('Your export is ready.').waitFor({ timeout: 60_000 });
    expect(await stillSamePage(page)).toBe(true);
    expect(await page.getByText(/^Available until /).isVisible()).toBe(true);
    await shot(page, 'data-export-ready');

    // The bell tells her, and leads back here.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 unread');
    await bell.click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /Your data export is ready to download/ }).click();
    await page.waitForURL(/\/settings\?section=data/);

    // The link on the page downloads the ZIP: her posts, comment and both sides of her conversation, decrypted.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download your data (ZIP)' }).click();
    const files = await unzip(readFileSync(await (await download).path()));
    expect(jsonIn<{ content: string }[]>(files, 'posts.json').map((p) => p.content).sort()).toEqual(['Basil next to them', 'Tomatoes love sun']);
    expect(jsonIn<{ content: string }[]>(files, 'comments.json').map((c) => c.content)).toEqual(['And water every morning']);
    expect(jsonIn<{ text: string }[]>(files, 'messages.json').map((m) => m.text).sort()).toEqual(['Seeds on Saturday?', 'Yes, bring the trowel']);
    expect(files.get('messages.json')!.toString()).not.toContain('Between Ben and Olga only');
    expect(jsonIn<{ username: string }>(files, 'profile.json').username).toBe(mia.username);

    // The e-mail in the local mailbox links to the same download, which Ben cannot use.
    const mailbox = await visitor();
    await expect
      .poll(async () => {
        await mailbox.page.goto('/dev/mailbox');
        return mailbox.page.getByRole('link', { name: 'Your data export is ready' }).count();
      }, { timeout: 60_000, interval: 2000 })
      .toBeGreaterThan(0);
    await mailbox.page.getByRole('link', { name: 'Your data export is ready' }).first().click();
    const email = mailbox.page.frameLocator('iframe[title="E-mail"]');
    const link = (await email.getByRole('link', { name: 'Download your data' }).getAttribute('href'))!;
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/api\/exports\/[0-9a-f-]{36}\/download$/);
    const viaMail = await page.request.get(path);
    expect(viaMail.status()).toBe(200);
    expect(jsonIn<{ content: string }[]>(await unzip(await viaMail.body()), 'comments.json')).toHaveLength(1);
    expect((await ben.page.request.get(path)).status()).toBe(404);
    expect((await mailbox.page.request.get(path)).status()).toBe(401);

    // On a phone, in Arabic.
    await inArabic(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/settings?section=data');
    await page.getByRole('heading', { name: 'بياناتك' }).waitFor();
    await page.getByText('التصدير جاهز.').waitFor();
    await shot(page, 'data-export-ready-ar-phone');

    // The owner downloads the members as CSV from the members tab.
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    await owner.page.getByRole('list', { name: 'Members', exact: true }).waitFor();
    const csvDownload = owner.page.waitForEvent('download', { timeout: 30_000 });
    await owner.page.getByRole('link', { name: 'Download members (CSV)' }).click({ timeout: 30_000 });
    const csv = readFileSync(await (await csvDownload).path(), 'utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('"name","username","joined","level","points","role","paid_status"');
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.startsWith('"Olga Owner"'))).toMatch(/"owner","owner"$/);
    expect(rows.find((row) => row.startsWith('"Mia Member"'))).toMatch(new RegExp(`^"Mia Member","${mia.username}","\\d{4}-[^"]+","1","0","member","free"$`));
    await shot(owner.page, 'members-csv-owner');
    // A member has no such button, and the address refuses them.
    await ben.page.goto(communityUrl(community.name, '?tab=members'));
    await ben.page.getByRole('list', { name: 'Members', exact: true }).waitFor();
    expect(await ben.page.getByRole('link', { name: /CSV/ }).count()).toBe(0);
    expect((await ben.page.request.get(`/api/communities/${community.id}/members.csv`)).status()).toBe(403);
  });
});
