import type { Locator, Page } from 'playwright-core';
import { it } from 'vitest';
import { checkA11y, communityUrl, createCommunityViaApi, describeBrowser, h1, inArabic, joinUrl, settled, text, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

/**
 * axe on every page in the Arabic interface (right to left), as accessibility.test.ts does in English:
 * signed out and signed in (a community's pages are in accessibility-arabic-community.test.ts). No
 * serious or critical violation anywhere.
 */
const t = (key: string, values?: Record<string, string>) => text('ar', key, values);

/** Checks the page is in Arabic, right to left, then runs axe on it. */
const check = (page: Page, label: string, ready: Locator) => checkA11y(page, label, ready, 'ar');

describeBrowser('accessibility in Arabic', () => {
  const { person, visitor: signedOut } = usePeople();

  it('public pages and the pages of a signed-in person', async () => {
    const { page, username } = await person('someone', 'Sam Someone');
    const owner = await person('owner', 'Olive Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Arabic Club'), description: 'A club for everyone.' });
    const { context, page: visitor } = await signedOut(VIEWPORTS.desktop, { locale: 'ar-EG' });
    for (const path of ['/', '/pricing', '/login', '/privacy-policy', '/terms-of-use', '/refund-policy', '/subscription-terms', '/discover', '/partner']) {
      await visitor.goto(path);
      await check(visitor, `${path}, signed out`, path === '/login' ? visitor.getByRole('button', { name: t('auth.signInWithGoogle') }) : h1(visitor));
    }
    await visitor.goto('/nowhere/at/all');
    await check(visitor, 'not found', visitor.getByRole('heading', { name: t('notFound.title') }));
    await visitor.goto(communityUrl(community.name));
    await check(visitor, 'community, signed out', h1(visitor));
    await visitor.goto(joinUrl(community.name));
    await check(visitor, 'join page, signed out', h1(visitor));
    await visitor.goto('/partner/dashboard');
    await check(visitor, 'partner dashboard, signed out', visitor.getByText(t('partners.dashboard.login'), { exact: true }));
    await context.close();

    await inArabic(page);
    await page.goto('/discover');
    await check(page, 'discover, signed in', h1(page));
    await page.goto('/settings');
    await check(page, 'settings', page.getByLabel(t('settings.profile.username')));
    await page.goto('/settings?section=language');
    await check(page, 'settings, language', page.getByRole('heading', { name: t('settings.language.title') }));
    await page.goto(`/profile/${username}`);
    await check(page, 'profile', h1(page));
    await page.goto('/my-communities');
    await check(page, 'my communities', h1(page));
    await page.goto('/start-community');
    await check(page, 'start community', page.getByRole('textbox').first());
    await page.getByRole('button', { name: t('nav.accountMenu') }).click();
    await check(page, 'account menu', page.getByRole('menu'));
    await page.keyboard.press('Escape');
    await page.goto('/feedbacks');
    await check(page, 'feedback wall', h1(page));
    await page.getByRole('button', { name: t('feedback.composer.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('feedback.form.addTitle') });
    await settled(dialog);
    await check(page, 'feedback dialog', dialog);
    await page.keyboard.press('Escape');
    await page.goto('/partner/dashboard');
    await page.getByRole('button', { name: t('partners.overview.become') }).click();
    await check(page, 'partner dashboard', page.getByRole('textbox').first());
    await page.goto('/forum');
    await check(page, 'forum', h1(page));
  }, 150_000);
});
