import { it } from 'vitest';
import { checkA11y, communityUrl, createCommunityViaApi, describeBrowser, h1, pick, settled, uniqueCommunityName, uploadLogo, usePeople } from './support/index.ts';

/**
 * axe (WCAG 2.0 and 2.1, A and AA) on every page, signed out and in, as a community's owner and as
 * a member: no serious or critical violation anywhere. Each page is checked once what it shows has
 * loaded and its transitions have ended. The community's pages are in accessibility-community.test.ts
 * (two files, so the browser tests run them side by side).
 */

describeBrowser('accessibility', () => {
  const { person, visitor: signedOut } = usePeople();

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
});
