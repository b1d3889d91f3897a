import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * UI text lives in catalogs keyed by meaning, one file per feature under en/ (each owns its top-level
 * keys). English is the default; an Arabic catalog will follow the same layout.
 */
const files = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
const translation = Object.assign({}, ...Object.values(files)) as Record<string, unknown>;

void i18n.use(initReactI18next).init({
  resources: { en: { translation } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
});

export default i18n;
