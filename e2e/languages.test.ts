import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Language } from '@app/shared/language';
import { PRERENDERED_PAGES } from '@app/shared/prerendered';
import { createCommunityViaApi, describeBrowser, expectNoSeriousA11yViolations, joinUrl, openCommunity, pageErrors, shot, text, uniqueCommunityName, uniqueEmail, usePeople, VIEWPORTS } from './support/index.ts';

/**
 * English and Arabic (issue 15): public pages arrive rendered in the visitor's language and hydrate
 * without a mismatch; a person whose browser speaks Arabic (or English) signs in, joins, posts,
 * comments and chats in it, switches language on the landing page and in settings (remembered), and
 * every page passes axe in both directions. Screenshots of each direction go to test-results/screens.
 */
const LOCALES: Record<Language, string> = { en: 'en-US', ar: 'ar-EG' };
const other = (language: Language): Language => (language === 'en' ? 'ar' : 'en');
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

async function expectLanguage(page: Page, language: Language) {
  await expect
    .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
    .toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
}

/** A heading each public page shows, in the language. */
const HEADINGS: Record<(typeof PRERENDERED_PAGES)[number], string> = {
  '/': 'landing.hero.eyebrow',
  '/pricing': 'pricing.page.title',
  '/login': 'auth.accessHeading',
  '/discover': 'discover.title',
  '/terms-of-use': 'legal.termsOfUse.title',
  '/privacy-policy': 'legal.privacyPolicy.title',
  '/refund-policy': 'legal.refundPolicy.title',
  '/subscription-terms': 'legal.subscriptionTerms.title',
};

/**
 * Counts the number and date formatters the page builds (each costs the browser its first time: a page
 * rendered ahead of time carries its formatted values instead, lib/format.ts).
 */
async function countFormatters(page: Page) {
  await page.addInitScript(() => {
    const counted = { built: 0 };
    Object.assign(window, { formatters: counted });
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      Intl[name] = new Proxy(Original, {
        construct(target, args: unknown[]) {
          counted.built += 1;
          return Reflect.construct(target, args) as object;
        },
      }) as never;
    }
  });
}

/** How many formatters the page built, once it is idle (hydrated, every part of it). */
async function formattersBuilt(page: Page): Promise<number> {
  return page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 }));
    return (window as unknown as { formatters: { built: number } }).formatters.built;
  });
}

/** Chooses a language in the picker (the footer's or the settings'): the page changes at once. */
async function chooseLanguage(page: Page, language: Language) {
  await page.locator('label').filter({ hasText: LANGUAGE_NAMES[language] }).last().click();
  await expectLanguage(page, language);
}

describeBrowser('English and Arabic', () => {
  const { person, visitor } = usePeople();

  for (const language of ['en', 'ar'] as const) {
    it(`public pages paint in ${language} from the HTML and come alive without a hydration error`, async () => {
      const { page } = await visitor(VIEWPORTS.phone, { locale: LOCALES[language] });
      await countFormatters(page);
      for (const path of PRERENDERED_PAGES) {
        // No script runs: the page as the server sent it already reads in the visitor's language.
        const html = await (await page.request.get(path, { headers: { accept: 'text/html', 'accept-language': LOCALES[language] } })).text();
        expect(html).toContain('data-prerendered="1"');
        await page.goto(path);
        await expectLanguage(page, language);
        await page.getByText(text(language, HEADINGS[path]), { exact: true }).filter({ visible: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        // Its prices, counts and dates were carried by the page: none was formatted again to hydrate it
        // (Discover's communities arrive after it, and are formatted then).
        if (path !== '/discover') expect(await formattersBuilt(page), path).toBe(0);
      }
      // Alive: a link on the landing page navigates inside the app, without loading a page.
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => Object.assign(window, { stillHere: true }));
      await page.getByRole('link', { name: text(language, 'landing.hero.explore') }).click();
      await page.waitForURL(/\/discover$/);
      await page.getByRole('heading', { name: text(language, 'discover.title'), level: 1 }).waitFor();
      expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(pageErrors(page, { failedLoads: false })).toEqual([]);
    }, 90_000);

    it(`a person whose browser speaks ${language} uses the product in it: sign in, join, post, comment, chat, switch language`, async () => {
      const owner = await person('owner', 'Omar Owner');
      const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName(`Lang ${language}`), description: 'Everyone is welcome.' });
      await openCommunity(owner.page, community.name);

      const { page } = await visitor(VIEWPORTS.desktop, { locale: LOCALES[language] });
      const t = (key: string, values?: Record<string, string>) => text(language, key, values);

      // The landing page, in the browser's language, both widths.
      await page.goto('/');
      await expectLanguage(page, language);
      await page.getByText(t('landing.hero.eyebrow'), { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, `landing (${language})`);
      await shot(page, `lang-${language}-landing`);
      await page.setViewportSize(VIEWPORTS.phone);
      await shot(page, `lang-${language}-landing-phone`);
      await page.setViewportSize(VIEWPORTS.desktop);

      // The footer's choice switches at once and is remembered; then back.
      await chooseLanguage(page, other(language));
      await page.getByText(text(other(language), 'landing.hero.eyebrow'), { exact: true }).waitFor();
      await page.reload();
      await expectLanguage(page, other(language));
      await page.getByText(text(other(language), 'landing.hero.eyebrow'), { exact: true }).waitFor();
      await chooseLanguage(page, language);
      await page.getByText(t('landing.hero.eyebrow'), { exact: true }).waitFor();

      // Sign in from the top bar.
      await page.getByRole('banner').getByRole('link', { name: t('nav.login') }).click();
      await page.getByRole('heading', { name: t('auth.accessHeading') }).waitFor();
      await expectNoSeriousA11yViolations(page, `login (${language})`);
      await page.getByRole('button', { name: t('auth.signInWithGoogle') }).click();
      await page.waitForURL(/\/auth\/dev/);
      await page.getByLabel('E-mail').fill(uniqueEmail(`lang-${language}`));
      await page.getByLabel('Name').fill('Lina Reader');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: t('nav.accountMenu') }).waitFor();
      await expectLanguage(page, language);

      // Join the community.
      await page.goto(joinUrl(community.name));
      await page.getByRole('button', { name: t('join.joinFree') }).click();
      await page.getByRole('tab', { name: t('communityPage.tabs.posts'), selected: true }).waitFor();
      await page.getByRole('textbox', { name: t('feed.composer.text') }).waitFor();

      // Post: the owner, in English, sees it without reloading.
      const words = language === 'ar' ? 'مرحبًا بالجميع، يسعدني الانضمام!' : 'Hello everyone, glad to be here!';
      await page.getByRole('textbox', { name: t('feed.composer.text') }).fill(words);
      await page.getByRole('button', { name: t('feed.composer.submit'), exact: true }).click();
      const post = page.getByRole('feed', { name: t('feed.list') }).getByRole('article').filter({ hasText: words });
      await post.waitFor();
      await owner.page.getByRole('feed', { name: 'Community posts' }).getByRole('article').filter({ hasText: words }).waitFor();
      await expectNoSeriousA11yViolations(page, `community posts (${language})`);
      await shot(page, `lang-${language}-posts`);

      // Comment on it.
      // '0 comments' (English's plural for zero, Arabic's own zero form), its number in the language's digits.
      const noComments = t(language === 'ar' ? 'feed.post.comments_zero' : 'feed.post.comments_other', { value: '\u0000' });
      await post.getByRole('button', { name: new RegExp(`^${noComments.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '\\S+')}$`) }).click();
      const reply = language === 'ar' ? 'تعليق أول' : 'A first comment';
      await post.getByRole('textbox', { name: t('feed.comments.text') }).fill(reply);
      await post.getByRole('button', { name: t('feed.comments.submit'), exact: true }).click();
      await post.getByRole('list', { name: t('feed.comments.list') }).getByRole('listitem').filter({ hasText: reply }).waitFor();

      // Chat with the owner.
      await page.getByRole('tab', { name: t('chat.tab') }).click();
      const start = page.getByRole('combobox', { name: t('chat.start') });
      await start.click();
      await start.fill('Omar');
      await page.getByRole('option', { name: 'Omar Owner' }).click();
      const thread = page.getByRole('log', { name: t('chat.thread', { name: 'Omar Owner' }) });
      await thread.waitFor();
      const message = language === 'ar' ? 'أهلًا يا عمر' : 'Hi Omar';
      await page.getByRole('textbox', { name: t('chat.composer.label'), exact: true }).fill(message);
      await page.getByRole('button', { name: t('chat.composer.send'), exact: true }).click();
      await thread.getByRole('listitem').filter({ hasText: message }).waitFor();
      await expectNoSeriousA11yViolations(page, `chat (${language})`);
      await shot(page, `lang-${language}-chat`);
      await page.setViewportSize(VIEWPORTS.phone);
      await shot(page, `lang-${language}-chat-phone`);
      await page.setViewportSize(VIEWPORTS.desktop);

      // Settings: the language section switches the whole interface at once, remembered after a reload.
      await page.goto('/settings?section=language');
      await page.getByRole('heading', { name: t('settings.language.title') }).waitFor();
      await expectNoSeriousA11yViolations(page, `settings, language (${language})`);
      await chooseLanguage(page, other(language));
      await page.getByRole('heading', { name: text(other(language), 'settings.language.title') }).waitFor();
      await page.reload();
      await expectLanguage(page, other(language));
      await page.getByRole('heading', { name: text(other(language), 'settings.language.title') }).waitFor();
      await shot(page, `lang-${language}-settings-switched`);
      await chooseLanguage(page, language);

      expect(pageErrors(page, { failedLoads: false })).toEqual([]);
    }, 150_000);
  }
});
