import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, createCommunityViaApi, describeBrowser, joinUrl, loadedItemCount, markPage, shot, stillSamePage, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

const membersList = (page: Page) => page.getByRole('list', { name: 'Members', exact: true });
const newestMembers = (page: Page) => page.getByRole('list', { name: 'Newest members' });
const membersHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^\d+ members?$/ });

/**
 * Membership changes reach the open pages of a community without a reload: the owner watches
 * people join, ask to join, leave and be removed, and every count and list on the page follows.
 */
describeBrowser('live membership', () => {
  const { person } = usePeople();

  it("shows the owner's open page a member joining, and the chat picker finds them at once", async () => {
    const owner = await person('oona', 'Oona Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Live Garden') });
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    expect(await loadedItemCount(membersList(owner.page))).toBe(1);
    expect(await membersHeading(owner.page).innerText()).toBe('1 member');

    // Someone else joins through the join page, with real clicks.
    const member = await person('milo', 'Milo Member');
    await member.page.goto(joinUrl(community.name));
    await member.page.getByRole('button', { name: 'Join Community' }).click();
    await member.page.waitForURL(/\/community\//);

    // The owner's page follows: the members tab, its heading, the sidebar's newest members.
    await expect.poll(() => membersList(owner.page).getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    expect(await membersList(owner.page).getByRole('listitem').first().innerText()).toContain('Milo Member');
    expect(await membersHeading(owner.page).innerText()).toBe('2 members');
    expect(await newestMembers(owner.page).getByRole('listitem').count()).toBe(2);
    await shot(owner.page, 'live-membership-owner-joined');

    // The chat picker knows the new member without a reload.
    await owner.page.getByRole('tab', { name: 'Chat' }).click();
    const picker = owner.page.getByRole('combobox', { name: 'Start a conversation' });
    await picker.click();
    await picker.fill('Milo');
    await owner.page.getByRole('option', { name: 'Milo Member' }).waitFor();
    await owner.page.keyboard.press('Escape');

    // The member leaves: the owner's lists shrink again.
    await owner.page.getByRole('tab', { name: 'Members' }).click();
    expect(await loadedItemCount(membersList(owner.page))).toBe(2);
    await member.page.getByRole('tab', { name: 'About' }).click();
    await member.page.getByRole('button', { name: 'Leave community' }).click();
    await member.page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
    // Once the member's own page offers to join again (the server has answered), the owner's follows.
    await member.page.getByRole('link', { name: 'Join Community' }).waitFor();
    await expect.poll(() => membersList(owner.page).getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await membersHeading(owner.page).innerText()).toBe('1 member');
    expect(await newestMembers(owner.page).getByRole('listitem').count()).toBe(1);
  });

  it("shows a join request on the owner's badge and list as it arrives, and an approval on a member's page", async () => {
    const owner = await person('orla', 'Orla Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Quiet Readers'), isPrivate: true });
    const member = await person('mara', 'Mara Member');
    const applicant = await person('abe', 'Abe Applicant');

    // An approved member has the page open too.
    await member.page.goto(joinUrl(community.name));
    await member.page.getByRole('button', { name: 'Request to Join' }).click();
    await owner.page.goto(communityUrl(community.name, '?tab=invites'));
    const requests = owner.page.getByRole('list', { name: 'Join requests' });
    expect(await loadedItemCount(requests)).toBe(1);
    await owner.page.getByRole('button', { name: 'Accept Mara Member' }).click();
    await member.page.goto(communityUrl(community.name, '?tab=members'));
    expect(await loadedItemCount(membersList(member.page))).toBe(2);

    // A request arrives: the owner's badge and list show it without a reload; the member sees nothing of it.
    await expect.poll(() => owner.page.getByRole('list', { name: 'Join requests' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(0);
    await applicant.page.goto(joinUrl(community.name));
    await applicant.page.getByRole('button', { name: 'Request to Join' }).click();
    await applicant.page.getByRole('heading', { name: 'Your Request is Pending Review' }).waitFor();
    await markPage(applicant.page);
    await owner.page.getByLabel('1 pending request').waitFor({ timeout: 10_000 });
    await expect.poll(() => requests.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await requests.getByRole('listitem').first().innerText()).toContain('Abe Applicant');
    await shot(owner.page, 'live-membership-owner-request');

    // The owner accepts: the member's open page gains a member, the owner's badge goes.
    await owner.page.getByRole('button', { name: 'Accept Abe Applicant' }).click();
    await expect.poll(() => membersList(member.page).getByRole('listitem').count(), { timeout: 10_000 }).toBe(3);
    expect(await membersHeading(member.page).innerText()).toBe('3 members');
    await expect.poll(() => owner.page.getByLabel(/pending request/).count(), { timeout: 10_000 }).toBe(0);
    await shot(member.page, 'live-membership-member-approved');
    // Abe's open pending screen follows the decision: the community opens for him without a reload.
    await applicant.page.getByRole('tab', { name: 'Posts' }).waitFor({ timeout: 15_000 });
    expect(await applicant.page.getByRole('heading', { name: 'Your Request is Pending Review' }).count()).toBe(0);
    expect(await stillSamePage(applicant.page)).toBe(true);
  });

  it("tells a declined applicant's open page at once, and when they may ask again", async () => {
    const owner = await person('olly', 'Olly Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Closed Circle'), isPrivate: true });
    const applicant = await person('dee', 'Dee Declined', VIEWPORTS.phone);
    await applicant.page.goto(joinUrl(community.name));
    await applicant.page.getByRole('button', { name: 'Request to Join' }).click();
    await applicant.page.getByRole('heading', { name: 'Your Request is Pending Review' }).waitFor();
    await markPage(applicant.page);

    await owner.page.goto(communityUrl(community.name, '?tab=invites'));
    await owner.page.getByRole('button', { name: 'Decline Dee Declined' }).click();
    const notice = applicant.page.getByText(/^Your request to join was declined\. You can ask again from /);
    await notice.waitFor({ timeout: 15_000 });
    expect(await stillSamePage(applicant.page)).toBe(true);
    // Seven days on: the day the notice names (as the browser says that day), and no way to ask before it.
    const inAWeek = await applicant.page.evaluate(() => new Intl.DateTimeFormat('en', { dateStyle: 'full' }).format(Date.now() + 7 * 86_400_000));
    expect(await notice.innerText()).toContain(inAWeek);
    expect(await applicant.page.getByRole('button', { name: 'Request to Join' }).isDisabled()).toBe(true);
    await shot(applicant.page, 'live-membership-declined-phone');
    const refused = await callTrpc(applicant.page, 'membership.join', { communityId: community.id }).catch((error: Error) => error.message);
    expect(refused).toBe('Your request was declined. You can ask to join again in 7 days.');
  });
});
