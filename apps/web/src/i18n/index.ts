import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** UI text lives in catalogs keyed by meaning; English is the default (an Arabic catalog will follow). */
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
});

export default i18n;
