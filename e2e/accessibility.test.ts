import type { Page } from 'playwright-core';
import { it } from 'vitest';
import { callTrpc, checkA11y, checkCommunityTabs, communityUrl, createCommunityViaApi, describeBrowser, joinUrl, joinViaApi, pick, seedCommunityScene, settled, uniqueCommunityName, uploadLogo, usePeople, VIEWPORTS } from './support/index.ts';

/**
 * axe (WCAG 2.0 and 2.1, A and AA) on every page, signed out and in, as a community's owner and as
 * a member: no serious or critical violation anywhere. Each page is checked once what it shows has
 * loaded and its transitions have ended.
 */

const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

describeBrowser('accessibility', () => {
  const { person, visitor: signedOut, communityWith } = usePeople();

  it('public pages, signed out', async () => {
    const { page } = await signedOut();
    const owner = await person('owner', 'Olive Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Open Club'), description: 'A club for everyone.' });
    await page.goto('/');
    await checkA11y(page, 'landing', h1(page, /Build a community/));
    await page.goto('/pricing');
    await checkA11y(page, 'pricing', h1(page, 'Simple pricing for every community'));
    await page.goto('/login');
    await checkA11y(page, 'login', page.getByRole('button', { name: 'Sign in with Google' }));
    for (const path of ['/privacy-policy', '/terms-of-use', '/refund-policy', '/subscription-terms']) {
      await page.goto(path);
      await checkA11y(page, path, h1(page));
    }
    await page.goto('/nowhere/at/all');
    await checkA11y(page, 'not found', page.getByRole('heading', { name: 'Oops! Page Not Found.' }));
    await page.goto('/discover');
    await checkA11y(page, 'discover, signed out', page.getByRole('heading', { name: 'Discover' }));
    await page.goto(communityUrl(community.name));
    await checkA11y(page, 'community, signed out', h1(page, community.name));
    await page.goto('/partner');
    await checkA11y(page, 'partner overview, signed out', h1(page, 'Partnership Program'));
    await page.goto('/partner/dashboard');
    await checkA11y(page, 'partner dashboard, signed out', page.getByText('Please login to get your referral link', { exact: true }));
  }, 120_000);

  it('pages of a signed-in person: discover, settings, profile, my communities, the wizard, feedback, partners, forum', async () => {
    const { page, username } = await person('someone', 'Sam Someone');
    await page.goto('/discover');
    await checkA11y(page, 'discover, signed in', page.getByRole('heading', { name: 'Discover' }));
    await page.goto('/settings');
    await checkA11y(page, 'settings', page.getByLabel('Username'));
    await page.goto(`/profile/${username}`);
    await checkA11y(page, 'profile', h1(page));
    await page.goto('/my-communities');
    await checkA11y(page, 'my communities', h1(page));
    await page.goto('/start-community');
    await checkA11y(page, 'start community, step 1', page.getByRole('textbox', { name: 'Community name' }));
    await page.getByRole('textbox', { name: 'Community name' }).fill(uniqueCommunityName('Wizard Club'));
    await uploadLogo(page);
    await pick(page, 'Category', /Coding & Development/);
    await pick(page, 'Language', /English/);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await checkA11y(page, 'start community, step 2', page.getByText('Step 2 of 2: Optional Details'));
    await page.getByRole('button', { name: 'Create Community' }).click();
    const welcome = page.getByRole('dialog', { name: 'Welcome to your new community!' });
    await settled(welcome);
    await checkA11y(page, 'welcome dialog', welcome);
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await checkA11y(page, 'account menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: /^Messages/ }).click();
    await checkA11y(page, 'messages menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await page.goto('/feedbacks');
    await checkA11y(page, 'feedback wall', h1(page, 'Feedback Wall'));
    await page.getByRole('button', { name: 'Add Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feedback' });
    await settled(dialog);
    await checkA11y(page, 'feedback dialog', dialog);
    await page.keyboard.press('Escape');
    await page.goto('/partner/dashboard');
    await page.getByRole('button', { name: 'Become a Partner' }).click();
    await checkA11y(page, 'partner dashboard', page.getByRole('textbox', { name: 'Referral link' }));
    await page.goto('/forum');
    await h1(page, 'Partner Forum').waitFor();
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill('Which niches refer best?');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await checkA11y(page, 'forum', page.getByRole('feed').getByRole('article'));
  }, 120_000);

  it("a community's tabs as owner and as member, the join page, a course and its editor", async () => {
    const { owner, member, community, courseId } = await seedCommunityScene(communityWith, {
      post: 'Welcome, everyone!',
      comment: 'Glad to be here.',
      chat: 'Hello there',
      course: { title: 'Basics', description: 'The basics, step by step' },
      module: 'Start',
      lesson: 'First steps',
      lessonHtml: '<p>Read <strong>carefully</strong>.</p>',
    });
    await checkCommunityTabs(community, owner, member, 'Live');
    await member.page.goto(`/course/${courseId}`);
    await checkA11y(member.page, 'course learning view', member.page.getByRole('article').getByRole('heading', { name: 'First steps' }));
    await owner.page.goto(`/edit-course/${courseId}`);
    await checkA11y(owner.page, 'course editor, details', owner.page.getByRole('tab', { name: /Details/, selected: true }));
    await owner.page.getByRole('tab', { name: /Content/ }).click();
    await checkA11y(owner.page, 'course editor, content', owner.page.getByRole('tab', { name: /Content/, selected: true }));

    const { context, page: visitor } = await signedOut();
    await visitor.goto(joinUrl(community.name));
    await checkA11y(visitor, 'join page, signed out', h1(visitor, community.name));
    await context.close();
    const newcomer = await person('newcomer', 'Nia Newcomer');
    await newcomer.page.goto(joinUrl(community.name));
    await checkA11y(newcomer.page, 'join page, signed in', h1(newcomer.page, community.name));
  }, 180_000);

  it('on a phone: landing, a community as member and owner, a pending request, the new course and event dialogs', async () => {
    const phone = VIEWPORTS.phone;
    const { owner, community, members: [member] } = await communityWith(['owner', 'Olive Owner', phone], { name: uniqueCommunityName('Phone Club'), description: 'Small screens.' }, ['member', 'Mia Member', phone]);
    const closed = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Closed Club'), isPrivate: true });
    await joinViaApi(member.page, closed.id);
    await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: 'Hello, phones!' });

    await member.page.goto('/');
    await checkA11y(member.page, 'landing, phone', h1(member.page));
    await member.page.goto(communityUrl(community.name));
    await checkA11y(member.page, 'community posts, phone', member.page.getByRole('feed').getByRole('article'));
    await member.page.goto(communityUrl(closed.name));
    await checkA11y(member.page, 'pending request, phone', member.page.getByRole('heading', { name: 'Your Request is Pending Review' }));
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    await checkA11y(owner.page, 'members tab, owner, phone', owner.page.getByRole('tabpanel'));

    await owner.page.setViewportSize(VIEWPORTS.desktop);
    await owner.page.goto(communityUrl(community.name, '?tab=courses'));
    await owner.page.getByRole('button', { name: 'New course' }).click();
    const courseForm = owner.page.getByRole('dialog', { name: 'New course' });
    await settled(courseForm);
    await checkA11y(owner.page, 'new course dialog', courseForm);
    await owner.page.keyboard.press('Escape');
    await owner.page.goto(communityUrl(community.name, '?tab=about'));
    await owner.page.getByRole('button', { name: 'Add event' }).first().click();
    const eventForm = owner.page.getByRole('dialog', { name: 'New event' });
    await settled(eventForm);
    await checkA11y(owner.page, 'new event dialog', eventForm);
  }, 120_000);
});
