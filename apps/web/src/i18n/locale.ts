import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/shared/language';
import i18n from 'i18next';

export { DEFAULT_LANGUAGE, isLanguage, INTERFACE_LANGUAGES, type Language } from '@app/shared/language';

/** The language the interface is in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The locale every Intl formatter uses (dates, numbers, prices, lists, relative times). */
export function intlLocale(language: Language = currentLanguage()): string {
  return language === 'ar' ? 'ar' : 'en-US';
}
