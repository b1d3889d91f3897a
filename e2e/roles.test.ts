import { expect, it } from 'vitest';
import { approveViaApi, callTrpc, communityUrl, describeBrowser, feedOf, inArabic, joinViaApi, memberRow as rowOf, nameRole, openCommunity, postMenuItems, postWith, shot, text, usePeople, VIEWPORTS } from './support/index.ts';

/*
 * Issue 25, roles: the owner names a moderator from the members list; the moderator's open page
 * gains the moderation controls without a reload, and they answer a join request, pin and remove a
 * member's post, with no admin or owner controls; the owner names an admin, who edits the about.
 */

describeBrowser('roles', () => {
  const { communityWith, person } = usePeople();

  it('the owner names a moderator who moderates live, and an admin who edits the about', async () => {
    const { owner, community, members } = await communityWith(
      ['rhea', 'Rhea Owner'],
      { name: `Roles Club ${Date.now().toString(36)}`, isPrivate: true },
      ['moe', 'Moe Moderator'],
      ['mia', 'Mia Member'],
      ['alma', 'Alma Admin'],
    );
    const [moe, mia, alma] = members;
    for (const who of members) await approveViaApi(owner.page, community.id, who.id);
    await callTrpc(mia.page, 'posts.create', { communityId: community.id, content: 'Mia says hello' });

    // Moe, a plain member for now, has the feed open: no join requests, no actions on Mia's post.
    await openCommunity(moe.page, community.name, { live: true });
    await postWith(moe.page, 'Mia says hello').waitFor();
    expect(await moe.page.getByRole('tab', { name: /Join Requests/ }).count()).toBe(0);
    expect(await postMenuItems(moe.page, postWith(moe.page, 'Mia says hello'))).toEqual(['Report']);

    // The owner names Moe moderator from the members list: badge and menu.
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    await rowOf(owner.page, 'Rhea Owner').getByText('Owner', { exact: true }).waitFor();
    expect(await owner.page.getByRole('button', { name: 'Change the role of Rhea Owner' }).count()).toBe(0);
    await nameRole(owner.page, 'Moe Moderator', 'Make moderator', 'Moderator');
    await shot(owner.page, 'roles-owner-members');
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await shot(owner.page, 'roles-owner-members-phone');
    await owner.page.setViewportSize(VIEWPORTS.desktop);

    // Moe's open page follows without a reload: the join requests tab and the post's actions appear.
    await moe.page.getByRole('tab', { name: /Join Requests/ }).waitFor({ timeout: 10_000 });
    await expect.poll(() => postMenuItems(moe.page, postWith(moe.page, 'Mia says hello')), { timeout: 10_000 }).toContain('Pin to top');

    // A join request arrives: Moe sees it live and accepts it.
    const abe = await person('abe', 'Abe Applicant');
    expect((await joinViaApi(abe.page, community.id)).status).toBe('pending');
    await moe.page.getByRole('tab', { name: /Join Requests/ }).click();
    await moe.page.getByRole('button', { name: 'Accept Abe Applicant' }).click({ timeout: 10_000 });
    await expect.poll(() => callTrpc<{ status: string }>(abe.page, 'membership.status', { communityId: community.id }, 'query').then((s) => s.status)).toBe('approved');

    // Moe pins Mia's post, then removes it.
    await moe.page.getByRole('tab', { name: 'Posts' }).click();
    await postWith(moe.page, 'Mia says hello').getByRole('button', { name: 'Post actions' }).click();
    await moe.page.getByRole('menuitem', { name: 'Pin to top' }).click();
    await postWith(moe.page, 'Mia says hello').getByText('Pinned', { exact: true }).waitFor({ timeout: 10_000 });
    await postWith(moe.page, 'Mia says hello').getByRole('button', { name: 'Post actions' }).click();
    await moe.page.getByRole('menuitem', { name: 'Delete' }).click();
    await moe.page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => postWith(moe.page, 'Mia says hello').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => feedOf(mia.page).getByText('Mia says hello').count()).toBe(0);

    // No admin or owner controls for Moe: no 'Edit information', no role menus, and no removing the owner.
    await moe.page.getByRole('tab', { name: 'About' }).click();
    await moe.page.getByRole('heading', { name: 'About this community' }).waitFor();
    expect(await moe.page.getByRole('link', { name: 'Edit information' }).count()).toBe(0);
    await moe.page.getByRole('tab', { name: 'Members' }).click();
    await rowOf(moe.page, 'Mia Member').getByRole('button', { name: 'Moderate Mia Member' }).waitFor();
    expect(await moe.page.getByRole('button', { name: /^Change the role of/ }).count()).toBe(0);
    expect(await rowOf(moe.page, 'Rhea Owner').getByRole('button', { name: /^Moderate/ }).count()).toBe(0);
    await shot(moe.page, 'roles-moderator-members');

    // The owner names Alma admin; Alma edits the about, but not the price.
    await nameRole(owner.page, 'Alma Admin', 'Make admin', 'Admin');
    await expect.poll(() => rowOf(moe.page, 'Alma Admin').getByText('Admin', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(await rowOf(moe.page, 'Alma Admin').getByRole('button', { name: /^Moderate/ }).count()).toBe(0);
    await alma.page.goto(communityUrl(community.name, '?tab=about'));
    await alma.page.getByRole('link', { name: 'Edit information' }).click();
    await alma.page.getByRole('textbox', { name: 'Description' }).fill('Run by Rhea, Alma and Moe');
    expect(await alma.page.getByRole('textbox', { name: 'Monthly membership (USD)' }).getAttribute('readonly')).not.toBeNull();
    await shot(alma.page, 'roles-admin-edit');
    await alma.page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => callTrpc<{ description: string }>(owner.page, 'communities.byName', { name: community.name }, 'query').then((c) => c.description), { timeout: 10_000 }).toBe('Run by Rhea, Alma and Moe');
    // An admin names moderators, not admins.
    await alma.page.goto(communityUrl(community.name, '?tab=members'));
    await alma.page.getByRole('button', { name: 'Change the role of Mia Member' }).click();
    // A click before the page has hydrated is held and done after: the menu may open a moment later.
    await alma.page.getByRole('menuitem').first().waitFor();
    expect(await alma.page.getByRole('menuitem').allInnerTexts()).toEqual(['Make moderator']);
    await alma.page.keyboard.press('Escape');
    expect(await alma.page.getByRole('button', { name: 'Change the role of Moe Moderator' }).count()).toBe(1);
    expect(await alma.page.getByRole('button', { name: 'Change the role of Rhea Owner' }).count()).toBe(0);

    // In Arabic, right to left, on a phone: the badges and the menu.
    await inArabic(owner.page);
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    const arabicRow = (name: string) => owner.page.getByRole('list', { name: text('ar', 'communityPage.members.list'), exact: true }).getByRole('listitem').filter({ hasText: name });
    await arabicRow('Alma Admin').getByText(text('ar', 'communityPage.roles.admin'), { exact: true }).waitFor();
    await arabicRow('Moe Moderator').getByText(text('ar', 'communityPage.roles.moderator'), { exact: true }).waitFor();
    expect(await owner.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await owner.page.getByRole('button', { name: text('ar', 'communityPage.roles.menuNamed', { name: 'Mia Member' }) }).click();
    await owner.page.getByRole('menuitem', { name: text('ar', 'communityPage.roles.makeModerator') }).waitFor();
    await shot(owner.page, 'roles-owner-members-ar');
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await shot(owner.page, 'roles-owner-members-ar-phone');
  });
});
