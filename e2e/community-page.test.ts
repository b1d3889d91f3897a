import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { approveViaApi, communityUrl, createCommunityViaApi, describeBrowser, joinUrl, loadedItemCount, PNG, settled, shot, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

const searchOf = (page: Page) => new URL(page.url()).searchParams;

async function visible(page: Page, text: string | RegExp, timeout = 10_000) {
  const locator = typeof text === 'string' ? page.getByText(text, { exact: true }) : page.getByText(text);
  await expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
}


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
    expect(await page.locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
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
    expect(await owner.page.getByRole('button', { name: 'Remove Mina Member' }).isVisible()).toBe(true);
    expect(await owner.page.getByRole('button', { name: 'Remove Owen Owner' }).count()).toBe(0);
    expect(await owner.page.getByRole('heading', { name: "Tell us how it's going" }).isVisible()).toBe(true);
    expect(await owner.page.getByRole('link', { name: 'Share feedback' }).getAttribute('href')).toBe('/feedbacks');
    expect(await owner.page.getByRole('list', { name: 'Newest members' }).getByRole('listitem').count()).toBe(2);
    await shot(owner.page, 'community-members-owner');

    // The plain member.
    const page = member.page;
    await page.goto(communityUrl(community.name));
    await page.getByRole('tab', { name: 'Posts' }).waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Posts', 'About', 'Members', 'Chat', 'Courses', 'Leaderboard']);
    expect(await controlPanel(page).getByRole('link').allInnerTexts()).toEqual(['About', 'Members']);
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

  it('lets the owner edit the information, validating it, and warns before leaving unsaved changes', async () => {
    const { owner, community, members: [member] } = await communityWith(['edna', 'Edna Editor'], { name: uniqueCommunityName('Edit Me'), description: 'Before.' }, ['eli', 'Eli Early']);
    await member.context.close();

    const page = owner.page;
    await page.goto(communityUrl(community.name, '?tab=about'));
    await page.getByRole('link', { name: 'Edit information' }).click();
    await expect.poll(() => searchOf(page).get('edit')).toBe('1');
    const name = page.getByRole('textbox', { name: 'Community name' });
    await name.waitFor();
    expect(await page.getByRole('img', { name: `${community.name} logo` }).isVisible()).toBe(true);

    // A new logo uploads at once and previews in the form.
    const logoPreview = page.getByRole('img', { name: 'Logo preview' });
    expect(await logoPreview.getAttribute('src')).toBe(community.logoUrl);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await (await chooser).setFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(async () => (await logoPreview.getAttribute('src')) ?? '', { timeout: 10_000 }).not.toBe(community.logoUrl);
    const newLogo = (await logoPreview.getAttribute('src')) ?? '';
    expect(newLogo).toMatch(/^\/uploads\/community-logos\/.+\.webp$/);

    await name.fill('');
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://example.com/clip');
    await page.getByRole('textbox', { name: 'Monthly membership (USD)' }).fill('3');
    await page.getByRole('textbox', { name: 'Available seats' }).fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page, 'Community name is required.');
    await visible(page, 'Video URL is not embeddable.');
    await visible(page, 'Membership amount must be 0 (free) or at least US$5.00.');
    await visible(page, 'Available seats must be a number greater than 0.');
    await shot(page, 'community-edit-errors');

    const renamed = uniqueCommunityName('Edited Circle');
    await name.fill(renamed);
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('textbox', { name: 'Monthly membership (USD)' }).fill('12.5');
    await page.getByRole('textbox', { name: 'Available seats' }).fill('40');
    await page.getByRole('textbox', { name: 'Description' }).fill('After the edit.');
    await page.getByRole('switch', { name: 'Private community' }).check({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page, 'Changes saved successfully!');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${renamed}`);
    expect(searchOf(page).get('tab')).toBe('about');
    expect(searchOf(page).get('edit')).toBeNull();
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
    expect(await page.getByRole('img', { name: `${renamed} logo` }).first().getAttribute('src')).toBe(newLogo);
    await visible(page, 'After the edit.');
    await visible(page, '2/40 members');
    expect(await page.getByText('US$12.50 USD /mo').count()).toBeGreaterThan(0);
    expect(await page.getByText('Private, by approval').isVisible()).toBe(true);
    expect(await page.locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    await shot(page, 'community-about-owner');

    // Unsaved changes: in-app navigation asks first; 'Stay' keeps the work.
    await page.getByRole('link', { name: 'Edit information' }).click();
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('A draft I have not saved.');
    await page.getByRole('tab', { name: 'Posts' }).click();
    const warning = page.getByRole('dialog', { name: 'Unsaved changes' });
    await settled(warning);
    expect(await warning.innerText()).toContain('You have unsaved changes. Are you sure you want to leave?');
    await shot(page, 'community-edit-unsaved');
    await warning.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    expect(await description.inputValue()).toBe('A draft I have not saved.');
    expect(searchOf(page).get('edit')).toBe('1');

    // Reloading asks through the browser's own prompt (beforeunload).
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await description.waitFor();
    expect(await description.inputValue()).toBe('After the edit.');

    // 'Leave' goes where the person was going.
    await description.fill('Another draft.');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('link', { name: 'Edit information' }).waitFor();
    expect(searchOf(page).get('edit')).toBeNull();
    expect(await page.getByText('After the edit.').isVisible()).toBe(true);
  });

  it('lets a member leave and the owner remove a member, each after confirming', async () => {
    const { owner, community, members: [leaver, removed] } = await communityWith(['lena', 'Lena Lead'], 'Open Circle', ['lou', 'Lou Leaver', VIEWPORTS.phone], ['rae', 'Rae Removed']);

    // The owner cannot leave.
    await owner.page.goto(communityUrl(community.name, '?tab=about'));
    await visible(owner.page, 'About this community');
    expect(await owner.page.getByRole('button', { name: 'Leave community' }).count()).toBe(0);

    const page = leaver.page;
    await page.goto(communityUrl(community.name, '?tab=about'));
    await page.getByRole('button', { name: 'Leave community' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave this community?' });
    await settled(confirm);
    await shot(page, 'community-leave-confirm-phone');
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await visible(page, `You left ${community.name}.`);
    await page.getByRole('link', { name: 'Join Community' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await visible(page, '2 members');

    // The owner removes Rae, who then sees the non-member view.
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    const list = owner.page.getByRole('list', { name: 'Members', exact: true });
    expect(await loadedItemCount(list)).toBe(2);
    await owner.page.getByRole('button', { name: 'Remove Rae Removed' }).click();
    const removeDialog = owner.page.getByRole('dialog', { name: 'Remove this member?' });
    await removeDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => removeDialog.count()).toBe(0);
    expect(await list.getByRole('listitem').count()).toBe(2);
    await owner.page.getByRole('button', { name: 'Remove Rae Removed' }).click();
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await list.innerText()).not.toContain('Rae Removed');
    // Rae cannot come back: the page says why, and the join page offers no way in.
    const removedText = 'The owner removed you from this community, so you cannot join it again.';
    await removed.page.goto(communityUrl(community.name));
    await visible(removed.page, removedText);
    expect(await removed.page.getByRole('link', { name: 'Join Community' }).count()).toBe(0);
    await removed.page.goto(joinUrl(community.name));
    await removed.page.getByRole('alert').filter({ hasText: removedText }).waitFor();
    expect(await removed.page.getByRole('button', { name: 'Join Community' }).isDisabled()).toBe(true);
    await shot(removed.page, 'join-removed-member');
  });

  it('says in Arabic why a request could not be accepted when the seats are full', async () => {
    const { owner, community } = await communityWith(['sami', 'Sami Seats', VIEWPORTS.phone], { name: uniqueCommunityName('Two Seats'), isPrivate: true, availableSeats: 2 }, ['fay', 'Fay First'], ['sid', 'Sid Second']);

    const page = owner.page;
    await page.goto(communityUrl(community.name, '?tab=invites'));
    const requests = page.getByRole('list', { name: 'Join requests' });
    expect(await loadedItemCount(requests)).toBe(2);
    await page.getByRole('button', { name: 'Accept Fay First' }).click();
    await expect.poll(() => requests.getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'Accept Sid Second' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Failed to approve member: No available seats in this community.');
    expect(await requests.getByRole('listitem').count()).toBe(1);
    await shot(page, 'community-invites-full-phone');

    // Declining takes the request off the list too.
    await page.getByRole('button', { name: 'Decline Sid Second' }).click();
    await visible(page, 'No pending join requests.');
  });
});
