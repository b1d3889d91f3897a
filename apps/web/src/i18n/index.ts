import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './en/common.json';

/**
 * UI text lives in catalogs keyed by meaning, one file per feature under en/ (each owns its top-level
 * keys). English is the default; an Arabic catalog will follow the same layout.
 *
 * Only the shell's catalog (common) is in the entry script. The pages a visitor lands on first bring
 * their own with their code (landing.ts, auth.ts beside this file); the others load at once beside
 * the entry, and every other page waits for them (`loadCatalogs` in the root route's beforeLoad), so
 * no text ever shows a key.
 */
/** Paths whose pages (for a visitor) use only the shell's catalog and the ones they bring. */
export const EAGER_PATHS: ReadonlySet<string> = new Set(['/', '/pricing', '/login']);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: common } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
  // Components already on screen when the other catalogs arrive render again with them.
  react: { bindI18nStore: 'added' },
});

/** Adds a catalog's keys (a page that brings its own calls it when its module loads). */
export function addCatalog(catalog: Record<string, unknown>) {
  i18n.addResourceBundle('en', 'translation', catalog, true, true);
}

let loading: Promise<void> | null = null;

/** Adds the catalogs left out of the entry; the same promise for every caller. */
export function loadCatalogs(): Promise<void> {
  loading ??= import('./catalogs.ts').then(({ catalogs }) => {
    for (const catalog of Object.values(catalogs)) addCatalog(catalog);
  });
  return loading;
}

void loadCatalogs();

export default i18n;
