import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { approveViaApi, communityUrl, createCommunityViaApi, describeBrowser, joinUrl, loadedItemCount, shot, uniqueCommunityName, usePeople, VIEWPORTS, visible, playVideo } from './support/index.ts';

const searchOf = (page: Page) => new URL(page.url()).searchParams;

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true }).innerText();
const controlPanel = (page: Page) => page.getByRole('navigation', { name: 'Control panel' });

describeBrowser('community page', () => {
  const { person, visitor, communityWith } = usePeople();

  it('shows visitors the community with a join link, and says when a community does not exist', async () => {
    const owner = await person('olga', 'Olga Owner');
    const free = await createCommunityViaApi(owner.page, {
      name: uniqueCommunityName('Sunrise Yoga'),
      category: 'health',
      language: 'spanish',
      availableSeats: 50,
      description: 'Morning flows for every level.\nBring a mat.',
      rules: 'Be kind. No spam.',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    const paid = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Ledger Club'), membershipAmountCents: 1250 });

    const { page } = await visitor();
    await page.goto(communityUrl(free.name));
    await page.getByRole('heading', { name: free.name, level: 1 }).waitFor();
    await visible(page, '1/50 members');
    await visible(page, 'Free');
    await visible(page, /Health & Wellness/);
    await visible(page, /Spanish/);
    await visible(page, 'Be kind. No spam.');
    expect(await page.getByText('Morning flows for every level.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText('Created by Olga Owner').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Olga Owner' }).getAttribute('href')).toBe(`/profile/${owner.username}`);
    await playVideo(page, `${free.name}: introduction video`, 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const join = page.getByRole('link', { name: 'Join Community' });
    expect(await join.getAttribute('href')).toBe(joinUrl(free.name));
    expect(await page.getByText('You will be asked to sign in first.').isVisible()).toBe(true);
    // Visitors see no member tabs.
    expect(await page.getByRole('tab').count()).toBe(0);
    await shot(page, 'community-visitor');
    await page.setViewportSize(VIEWPORTS.phone);
    await shot(page, 'community-visitor-phone');

    await page.goto(communityUrl(paid.name));
    await page.getByRole('heading', { name: paid.name, level: 1 }).waitFor();
    await visible(page, 'US$12.50 USD /mo');
    await visible(page, '1 member');

    await page.goto(communityUrl('No Such Community Here'));
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Community not found.');
    await shot(page, 'community-not-found-phone');
  });

  it('lets a request to a private community be accepted, after which the member sees the member view', async () => {
    const owner = await person('olivia', 'Olivia Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Quiet Coders'), isPrivate: true, description: 'Deep work.' });
    const member = await person('marco', 'Marco Member');

    // The member finds the community and asks to join on the join page.
    await member.page.goto(communityUrl(community.name));
    await member.page.getByRole('link', { name: 'Request to Join' }).click();
    await member.page.waitForURL((url) => decodeURIComponent(url.pathname) === `/${community.name}/join`);
    await member.page.getByRole('button', { name: 'Request to Join' }).click();
    await visible(member.page, 'Your Request is Pending Review');

    // Back on the community page the request is pending.
    await member.page.goto(communityUrl(community.name));
    await member.page.getByRole('heading', { name: 'Your Request is Pending Review' }).waitFor();
    expect(await member.page.getByRole('tab').count()).toBe(0);
    await shot(member.page, 'community-pending');

    // The owner sees it under Join Requests (the tab, and the control panel's count) and accepts.
    await owner.page.goto(communityUrl(community.name));
    await owner.page.getByRole('tab', { name: 'Posts' }).waitFor();
    const panelRequests = controlPanel(owner.page).getByRole('link', { name: /Join Requests/ });
    await expect.poll(() => panelRequests.innerText()).toMatch(/Join Requests\s*1/);
    await panelRequests.click();
    await expect.poll(() => searchOf(owner.page).get('tab')).toBe('invites');
    await expect.poll(() => selectedTab(owner.page)).toMatch(/^Join Requests/);
    const requests = owner.page.getByRole('list', { name: 'Join requests' });
    await expect.poll(() => requests.getByRole('listitem').count()).toBe(1);
    expect(await requests.getByText('Marco Member').isVisible()).toBe(true);
    expect(await requests.getByRole('link', { name: `@${member.username}` }).getAttribute('href')).toBe(`/profile/${member.username}`);
    await shot(owner.page, 'community-invites');
    await owner.page.getByRole('button', { name: 'Accept Marco Member' }).click();
    await visible(owner.page, 'No pending join requests.');
    expect(await owner.page.getByRole('list', { name: 'Join requests' }).count()).toBe(0);
    await expect.poll(() => panelRequests.innerText()).toMatch(/Join Requests\s*0/);
    await visible(owner.page, '2 members');

    // The tab survives a reload; the back button returns to posts.
    await owner.page.reload();
    await expect.poll(() => selectedTab(owner.page)).toMatch(/^Join Requests/);
    await owner.page.getByRole('link', { name: 'Back to posts' }).click();
    await expect.poll(() => selectedTab(owner.page)).toBe('Posts');
    expect(searchOf(owner.page).get('tab')).toBeNull();

    // The member reloads and is in.
    await member.page.reload();
    await member.page.getByRole('tab', { name: 'Posts' }).waitFor();
    expect(await selectedTab(member.page)).toBe('Posts');
    await visible(member.page, 'No posts yet.');
    await shot(member.page, 'community-member-posts');
    await member.page.setViewportSize(VIEWPORTS.phone);
    await shot(member.page, 'community-member-posts-phone');
  });

  it('lists the members; a plain member gets no join requests, no survey card and no edit form', async () => {
    const { owner, community, members: [member] } = await communityWith(['owen', 'Owen Owner'], { name: uniqueCommunityName('Garden Friends'), isPrivate: true }, ['mina', 'Mina Member']);
    await approveViaApi(owner.page, community.id, member.id);

    // The owner: members tab with roles, the survey card, the newest members.
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    const list = owner.page.getByRole('list', { name: 'Members', exact: true });
    expect(await loadedItemCount(list)).toBe(2);
    const rows = list.getByRole('listitem');
    // Newest first: Mina joined after the owner.
    expect(await rows.nth(0).innerText()).toMatch(/Mina Member[\s\S]*Joined [A-Z][a-z]{2} \d{1,2}, \d{4}[\s\S]*Member/);
    expect(await rows.nth(1).innerText()).toMatch(/Owen Owner[\s\S]*Owner/);
    expect(await rows.nth(0).getByRole('link', { name: `@${member.username}` }).getAttribute('href')).toBe(`/profile/${member.username}`);
    expect(await owner.page.getByRole('button', { name: 'Moderate Mina Member' }).isVisible()).toBe(true);
    expect(await owner.page.getByRole('button', { name: 'Moderate Owen Owner' }).count()).toBe(0);
    expect(await owner.page.getByRole('heading', { name: "Tell us how it's going" }).isVisible()).toBe(true);
    expect(await owner.page.getByRole('link', { name: 'Share feedback' }).getAttribute('href')).toBe('/feedbacks');
    expect(await owner.page.getByRole('list', { name: 'Newest members' }).getByRole('listitem').count()).toBe(2);
    await shot(owner.page, 'community-members-owner');

    // The plain member.
    const page = member.page;
    await page.goto(communityUrl(community.name));
    await page.getByRole('tab', { name: 'Posts' }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Posts', 'About', 'Members', 'Chat', 'Courses', 'Leaderboard']);
    // What the sidebar lacks is read once it is drawn, so the absences below are checked against a drawn sidebar.
    await expect.poll(() => controlPanel(page).getByRole('link').allInnerTexts()).toEqual(['About', 'Members']);
    expect(await page.getByRole('heading', { name: "Tell us how it's going" }).count()).toBe(0);

    // 'View all' opens the members tab, which a reload keeps.
    await page.getByRole('region', { name: 'Newest members' }).getByRole('link', { name: 'View all' }).click();
    await expect.poll(() => selectedTab(page)).toBe('Members');
    expect(searchOf(page).get('tab')).toBe('members');
    await page.reload();
    await expect.poll(() => selectedTab(page)).toBe('Members');
    expect(await loadedItemCount(page.getByRole('list', { name: 'Members', exact: true }))).toBe(2);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.phone);
    await shot(page, 'community-members-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // About: no edit button, and the edit address says no.
    await page.getByRole('tab', { name: 'About' }).click();
    await expect.poll(() => searchOf(page).get('tab')).toBe('about');
    await visible(page, 'About this community');
    expect(await page.getByRole('link', { name: 'Edit information' }).count()).toBe(0);
    await page.goto(communityUrl(community.name, '?tab=about&edit=1'));
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('You are not authorized to edit this community.');
    expect(await page.getByRole('textbox', { name: 'Community name' }).count()).toBe(0);

    // Join requests are the owner's: the address falls back to posts.
    await page.goto(communityUrl(community.name, '?tab=invites'));
    await expect.poll(() => selectedTab(page)).toBe('Posts');
    expect(await page.getByText('No pending join requests.').count()).toBe(0);
  });
});
