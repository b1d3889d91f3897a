import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  callTrpc,
  communityUrl,
  describeBrowser,
  inArabic,
  joinViaApi,
  memberRow,
  nameRole,
  openCommunity,
  postWith,
  settled,
  shot,
  text,
  TrpcHttpError,
  usePeople,
  VIEWPORTS,
} from './support/index.ts';

/*
 * Issue 25, reports and the moderation queue: the owner names a moderator from the members list; a
 * member reports another member's post; the moderator's control panel counts it live, and from the
 * queue they ban its author; the reporter is told in the bell; the banned person cannot join again;
 * the moderation log lists the ban.
 */

const panel = (page: Page) => page.getByRole('navigation', { name: 'Control panel' });
const reportsLink = (page: Page) => panel(page).getByRole('link', { name: /^Reports/ });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

describeBrowser('reports and the moderation queue', () => {
  const { communityWith } = usePeople();

  it('a member reports a post; the moderator sees the count live, bans its author from the queue; the reporter is told; the log says so', async () => {
    const { owner, community, members } = await communityWith(['olga', 'Olga Owner'], 'Report Club', ['max', 'Max Moderator'], ['rita', 'Rita Reporter'], ['tom', 'Tom Troll']);
    const [max, rita, tom] = members;
    await callTrpc(tom.page, 'posts.create', { communityId: community.id, content: 'Buy cheap followers now' });

    // The owner names Max moderator from the members list.
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    // The first page of a busy machine can take a while.
    await memberRow(owner.page, 'Max Moderator').waitFor({ timeout: 60_000 });
    await nameRole(owner.page, 'Max Moderator', 'Make moderator', 'Moderator');

    // Max's page: the control panel's Reports, with no open report.
    await openCommunity(max.page, community.name, { live: true });
    await reportsLink(max.page).getByLabel('0 items reported').waitFor({ timeout: 10_000 });

    // Rita reports Tom's post: the menu's Report, a reason, a confirmation.
    await openCommunity(rita.page, community.name);
    const post = postWith(rita.page, 'Buy cheap followers now');
    await post.getByRole('button', { name: 'Post actions' }).click();
    await rita.page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = rita.page.getByRole('dialog', { name: 'Report post' });
    await settled(dialog);
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('textbox', { name: /Anything the moderators should know/ }).fill('Selling followers');
    await shot(rita.page, 'report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await rita.page.getByText('Thank you. The moderators will look at your report.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // A second report of the same post is refused clearly.
    await post.getByRole('button', { name: 'Post actions' }).click();
    await rita.page.getByRole('menuitem', { name: 'Report' }).click();
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').getByText('You have already reported this. The moderators will look at it.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Max's count follows without a reload; the queue shows the post, its author and the reason.
    await reportsLink(max.page).getByLabel('1 item reported').waitFor({ timeout: 10_000 });
    await reportsLink(max.page).click();
    const group = max.page.getByRole('article', { name: 'Post by Tom Troll' });
    await group.getByText('Buy cheap followers now').waitFor();
    await group.getByText('Spam: 1').waitFor();
    await group.getByText('“Selling followers”').waitFor();
    await shot(max.page, 'reports-queue');
    await max.page.setViewportSize(VIEWPORTS.phone);
    await shot(max.page, 'reports-queue-phone');
    await max.page.setViewportSize(VIEWPORTS.desktop);

    // Max bans Tom, after confirming.
    await group.getByRole('button', { name: 'Ban Tom Troll' }).click();
    await max.page.getByRole('dialog', { name: 'Ban Tom Troll?' }).getByRole('button', { name: 'Ban' }).click();
    await max.page.getByText('Member banned.').waitFor();
    await max.page.getByText('No open reports. All clear.').waitFor({ timeout: 10_000 });
    await reportsLink(max.page).getByLabel('0 items reported').waitFor({ timeout: 10_000 });

    // Rita is told in the bell.
    await rita.page.reload();
    await expect.poll(() => bell(rita.page).getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    await bell(rita.page).click();
    await rita.page.getByRole('dialog', { name: 'Notifications' }).getByText(`The moderators of ${community.name} banned the person you reported`).waitFor();

    // Tom cannot join again.
    const refused = await joinViaApi(tom.page, community.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TrpcHttpError);
    expect((refused as TrpcHttpError).code).toBe('FORBIDDEN');
    await tom.page.goto(communityUrl(community.name));
    await tom.page.getByRole('alert', { name: 'You are banned from this community' }).waitFor();

    // The moderation log lists the ban (and the owner naming Max).
    await panel(max.page).getByRole('link', { name: 'Moderation log' }).click();
    const log = max.page.getByRole('list', { name: 'Moderation actions, newest first' });
    await log.getByRole('listitem').first().getByText('Max Moderator banned Tom Troll').waitFor();
    await log.getByText('Reported for: Spam').waitFor();
    await log.getByText("Olga Owner changed Max Moderator's role to Moderator").waitFor();
    await shot(max.page, 'moderation-log');
    expect(await callTrpc<{ items: Array<{ action: string }> }>(owner.page, 'moderation.log', { communityId: community.id }, 'query').then((l) => l.items[0]?.action)).toBe('member.banned');

    // In Arabic, right to left: the queue and the log, on a phone too.
    await inArabic(max.page);
    await max.page.goto(communityUrl(community.name, '?tab=moderation-log'));
    await max.page.getByRole('list', { name: text('ar', 'moderation.log.list') }).waitFor();
    expect(await max.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(max.page, 'moderation-log-ar');
    await max.page.goto(communityUrl(community.name, '?tab=reports'));
    await max.page.getByText(text('ar', 'moderation.queue.empty')).waitFor();
    await max.page.setViewportSize(VIEWPORTS.phone);
    await shot(max.page, 'reports-queue-ar-phone');
  }, 240_000);
});
