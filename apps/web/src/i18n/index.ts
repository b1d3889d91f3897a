import { LANGUAGE_COOKIE, languageCookie, pickLanguage, type Language } from '@app/shared/language';
import { manifestOf } from '@app/shared/prerendered';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './en/common.json';
import { directionOf } from './locale.ts';
import { nextTask } from '../lib/next-task.ts';

/**
 * UI text lives in catalogs keyed by meaning, one file per feature under en/ and ar/ (each owns its
 * top-level keys). English is the default and the fallback.
 *
 * Only the English shell's catalog (common) is in the entry script. The pages a visitor lands on first
 * bring their own English text with their code (landing.ts, auth.ts beside this file); the other
 * English catalogs load at once beside the entry, and every other page waits for them (`loadCatalogs`
 * in the root route's beforeLoad), so no text ever shows a key. Arabic comes in one chunk of its own
 * (catalogs-ar.ts), loaded before the first render when the interface is in Arabic.
 */
/** Paths whose pages (for a visitor) use only the shell's catalog and the ones they bring. */
export const EAGER_PATHS: ReadonlySet<string> = new Set(['/', '/pricing', '/login']);

/**
 * The language to start in: the one a page rendered ahead of time was rendered in (so it hydrates
 * alike), else the person's choice (cookie), else the browser's languages.
 */
function startLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const rendered = document.documentElement.dataset.prerendered ? document.documentElement.lang : null;
  return pickLanguage(rendered ?? languageCookie(document.cookie), navigator.languages ?? [navigator.language]);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: common } },
  lng: startLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
  // Components already on screen when the other catalogs arrive render again with them.
  react: { bindI18nStore: 'added' },
});

/**
 * Adds catalogs' keys at once. Each catalog owns its top-level keys (catalogs.test.ts checks that no
 * two share one), so they join the language's text shallowly and as they are: i18next's deep merge
 * and the copy it makes of each by default, catalog after catalog, were a long task on a phone as a
 * page started.
 */
function addCatalogs(catalogs: Array<Record<string, unknown>>, language: Language) {
  i18n.addResourceBundle(language, 'translation', Object.assign({}, ...catalogs), false, true, { skipCopy: true });
}

/** Adds a catalog's keys (a page that brings its own calls it when its module loads). */
export function addCatalog(catalog: Record<string, unknown>, language: Language = 'en') {
  addCatalogs([catalog], language);
}

let loading: Promise<void> | null = null;

/** Adds the English catalogs left out of the entry; the same promise for every caller. */
export function loadCatalogs(): Promise<void> {
  loading ??= import('./catalogs.ts').then(({ catalogs }) => addCatalogs(Object.values(catalogs), 'en'));
  return loading;
}

let loadingArabic: Promise<void> | null = null;

/** The catalogs of a language (nothing to load for English, whose shell is in the entry). */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  loadingArabic ??= import('./catalogs-ar.ts').then(({ catalogs, server }) => {
    addCatalogs(Object.values(catalogs), 'ar');
    i18n.addResourceBundle('ar', 'server', server, false, true, { skipCopy: true });
  });
  return loadingArabic;
}

/** Puts the page's `lang` and `dir` in line with the interface language. */
export function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestOf(language));
}

/** Switches the interface language, remembered for a year in this browser (the server reads it too). */
export async function changeLanguage(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

// Started as the entry is evaluated, in a task of its own: asking for the chunk adds a preload link to
// the page for each chunk it imports, which on a phone is a task's worth of work: docs/performance.md.
void nextTask().then(loadCatalogs);

export default i18n;
