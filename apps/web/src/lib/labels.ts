import { CATEGORIES, COMMUNITY_LANGUAGES, type CommunityLanguage } from '@app/shared/constants';
import type { TFunction } from 'i18next';
import { formatAmount, formatCount } from './format.ts';

/** A category's emoji and translated label; profiles may store any case, so the match ignores it. */
export function categoryLabel(t: TFunction, value: string | null | undefined) {
  const category = value ? CATEGORIES.find((c) => c.value === value.toLowerCase()) : undefined;
  return category ? { emoji: category.emoji, label: t(`discover.categories.${category.value}`) } : null;
}

/** The category picker's options: emoji and translated label. */
export function categoryOptions(t: TFunction) {
  return CATEGORIES.map((c) => ({ value: c.value, label: `${c.emoji} ${t(`discover.categories.${c.value}`)}` }));
}

/** The language picker's options: flag and translated label. */
export function languageOptions(t: TFunction) {
  return COMMUNITY_LANGUAGES.map((l) => ({ value: l.value, label: `${l.flag} ${t(`discover.languages.${l.value}`)}` }));
}

/** ISO 639-1 codes, for the short language tag on a card. */
const LANGUAGE_CODES: Record<CommunityLanguage, string> = {
  arabic: 'AR',
  chinese: 'ZH',
  english: 'EN',
  french: 'FR',
  german: 'DE',
  japanese: 'JA',
  korean: 'KO',
  portuguese: 'PT',
  russian: 'RU',
  spanish: 'ES',
};

export function languageLabel(t: TFunction, value: string | null | undefined) {
  const language = value ? COMMUNITY_LANGUAGES.find((l) => l.value === value.toLowerCase()) : undefined;
  return language ? { flag: language.flag, code: LANGUAGE_CODES[language.value], label: t(`discover.languages.${language.value}`) } : null;
}

/** A monthly price in cents as '12.50' in the interface's language (always two decimals), or null when free. */
export function formatMonthlyPrice(cents: number) {
  return cents > 0 ? formatAmount(cents) : null;
}

/** 'N members', or 'N/cap members' when the community has a member cap (spec section 3). */
export function membersLabel(t: TFunction, membersCount: number, availableSeats: number | null) {
  const value = formatCount(membersCount);
  return availableSeats === null
    ? t('discover.card.members', { count: membersCount, value })
    : t('discover.card.membersOfCap', { value, cap: formatCount(availableSeats) });
}
