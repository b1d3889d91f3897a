import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ACCOUNT_ERASE_DAYS } from '@app/shared/deletion';
import {
  baseUrl,
  callTrpc,
  createCommunityViaApi,
  describeBrowser,
  feedOf,
  inArabic,
  openCommunity,
  postWith,
  shot,
  signInThroughApi,
  text,
  uniqueCommunityName,
  uniqueEmail,
  usePeople,
  VIEWPORTS,
} from './support/index.ts';

/*
 * Issue 25, leaving the platform: 'Delete my account' in the settings, confirmed by typing one's
 * username; an owner first hands their community over from the same dialog; signing in again
 * within 30 days offers 'Restore my account'; after the erasure (run through the dev-only trigger
 * with a later clock) the person's post shows as from 'Deleted member'.
 */

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Delete your account?' });

/** Opens the settings and the deletion dialog. */
async function openDeleteDialog(page: Page) {
  await page.goto('/settings?section=data');
  await page.getByRole('heading', { name: 'Delete my account' }).waitFor();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialogOf(page).waitFor();
}

/** Types the username and confirms; the app starts again signed out. */
async function confirmDeletion(page: Page, username: string) {
  const dialog = dialogOf(page);
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await dialog.getByLabel(`Type your username, ${username}, to confirm`).fill('not_my_name');
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel(`Type your username, ${username}, to confirm`).fill(username);
  await confirm.click();
  await page.getByRole('link', { name: 'Login' }).first().waitFor({ timeout: 15_000 });
  expect(await callTrpc(page, 'profiles.me', undefined, 'query')).toBeNull();
}

/** Runs the erasure job as if `days` had passed (outside production only, from this computer). */
async function eraseAfter(days: number) {
  const now = new Date(Date.now() + days * 86_400_000).toISOString();
  const res = await fetch(`${baseUrl()}/dev/jobs/erase-closed-accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { erased: number }).erased;
}

describeBrowser('deleting an account', () => {
  const { communityWith } = usePeople();

  it('an owner hands the community over, then deletes their account by typing the username, and is signed out everywhere', async () => {
    const { owner, community, members } = await communityWith(['olga', 'Olga Owner'], 'Handover Club', ['hank', 'Hank Heir']);
    const [hank] = members;
    const spare = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Spare Club') });
    // A second tab of the owner stays open on the community.
    const otherTab = await owner.context.newPage();
    await openCommunity(otherTab, community.name, { live: true });

    await openDeleteDialog(owner.page);
    const dialog = dialogOf(owner.page);
    await dialog.getByText('You own these communities.', { exact: false }).waitFor();
    await shot(owner.page, 'account-deletion-owner');
    // Nothing to confirm while the community is still theirs.
    expect(await dialog.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    // The spare community is deleted by typing its name.
    await dialog.getByRole('button', { name: `Delete ${spare.name}` }).click();
    await dialog.getByLabel(`Type the community's name, ${spare.name}, to delete it with its posts, courses and events`).fill(spare.name);
    await dialog.getByRole('button', { name: `Delete ${spare.name} for good` }).click();
    await expect.poll(() => dialog.getByText(spare.name).count(), { timeout: 10_000 }).toBe(0);
    await dialog.getByLabel(`New owner of ${community.name}`).click();
    await owner.page.getByRole('option', { name: 'Hank Heir' }).click();
    await dialog.getByRole('button', { name: `Hand over ${community.name}` }).click();
    await dialog.getByLabel(`Type your username, ${owner.username}, to confirm`).waitFor({ timeout: 10_000 });
    expect(await callTrpc<{ role: string }>(hank!.page, 'membership.status', { communityId: community.id }, 'query')).toMatchObject({ role: 'owner' });
    await shot(owner.page, 'account-deletion-confirm');
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await shot(owner.page, 'account-deletion-confirm-phone');
    await owner.page.setViewportSize(VIEWPORTS.desktop);

    await confirmDeletion(owner.page, owner.username);
    // The other tab's session is gone too.
    expect(await callTrpc(otherTab, 'profiles.me', undefined, 'query')).toBeNull();
    // The community lives on under Hank; Olga is no longer among its members.
    const { approved } = await callTrpc<{ approved: Array<{ userId: string }> }>(hank!.page, 'membership.members', { communityId: community.id }, 'query');
    expect(approved.map((m) => m.userId)).not.toContain(owner.id);
  });

  it('a member restores within 30 days; another deletes theirs and after the erasure their post is from Deleted member', async () => {
    const ritaEmail = uniqueEmail('rita');
    const { owner, community, members } = await communityWith(['oscar', 'Oscar Owner'], 'Farewell Club', ['mae', 'Mae Member'], [ritaEmail, 'Rita Returner']);
    const [mae, rita] = members;
    await callTrpc(mae!.page, 'posts.create', { communityId: community.id, content: 'Mae says goodbye' });

    // Rita deletes her account, signs in again, and restores it.
    await openDeleteDialog(rita!.page);
    await confirmDeletion(rita!.page, rita!.username);
    await signInThroughApi(rita!.page, ritaEmail);
    await rita!.page.goto('/my-communities');
    await rita!.page.waitForURL(/\/restore-account$/, { timeout: 15_000 });
    await rita!.page.getByRole('heading', { name: 'Your account is closed' }).waitFor();
    await shot(rita!.page, 'account-restore');
    await inArabic(rita!.page);
    await rita!.page.reload();
    await rita!.page.getByRole('heading', { name: text('ar', 'deletion.restore.title') }).waitFor();
    await shot(rita!.page, 'account-restore-ar');
    await rita!.page.setViewportSize(VIEWPORTS.phone);
    await shot(rita!.page, 'account-restore-ar-phone');
    await rita!.page.getByRole('button', { name: text('ar', 'deletion.restore.action') }).click();
    await expect.poll(() => callTrpc<{ closedAt: Date | null } | null>(rita!.page, 'profiles.me', undefined, 'query').then((me) => me?.closedAt ?? 'open'), { timeout: 15_000 }).toBe('open');
    expect(await callTrpc<{ status: string }>(rita!.page, 'membership.status', { communityId: community.id }, 'query')).toMatchObject({ status: 'approved' });

    // Mae deletes hers; the erasure runs as if the 30 days had passed.
    await openDeleteDialog(mae!.page);
    await confirmDeletion(mae!.page, mae!.username);
    expect(await eraseAfter(ACCOUNT_ERASE_DAYS - 1)).toBe(0);
    expect(await eraseAfter(ACCOUNT_ERASE_DAYS + 1)).toBeGreaterThanOrEqual(1);

    // The owner sees Mae's post, from 'Deleted member', with no link to a profile.
    await openCommunity(owner.page, community.name);
    const post = postWith(owner.page, 'Mae says goodbye');
    await post.getByText('Deleted member', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await post.getByRole('link', { name: 'Deleted member' }).count()).toBe(0);
    expect(await feedOf(owner.page).getByText('Mae Member').count()).toBe(0);
    await shot(owner.page, 'account-deleted-member-post');
    await inArabic(owner.page);
    await owner.page.reload();
    // The feed's own name is in Arabic now: the post is found by its text.
    await owner.page.getByRole('article').filter({ hasText: 'Mae says goodbye' }).getByText(text('ar', 'people.deletedMember'), { exact: true }).waitFor({ timeout: 10_000 });
    await shot(owner.page, 'account-deleted-member-post-ar');
  });
});
