import { describe, expect, it } from 'vitest';
import { intlLocale } from '../i18n/locale.ts';
import {
  carryFormats,
  dateFormat,
  formatAmount,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  formatPlanPrice,
  formatRelativeDay,
  formatSize,
  formatTimeAgo,
  numberFormat,
  recordFormats,
  takeRecordedFormats,
} from './format.ts';

const EN = intlLocale('en');
const AR = intlLocale('ar');

/** 19:30 UTC on Wednesday 15 January 2031; dates are checked in UTC so that the machine's zone does not matter. */
const MOMENT = new Date('2031-01-15T19:30:00Z');
const UTC = { timeZone: 'UTC' } as const;

/** What a formatter built on the spot says: the Arabic expectations follow the ICU the tests run on. */
const number = (locale: string, value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value);
const date = (locale: string, value: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, ...UTC }).format(value);

/** The Arabic symbol for US dollars between a left-to-right isolate and its end (see formatMoney). */
const isolated = (text: string) => text.replace('US$', '\u2066US$\u2069');

/** Arabic text (letters of the Arabic block), as opposed to English that slipped through. */
const ARABIC_LETTERS = /[\u0621-\u064A]/;

describe('numbers', () => {
  it('counts in English', () => {
    expect(formatCount(7, EN)).toBe('7');
    expect(formatCount(1234, EN)).toBe('1,234');
    expect(formatCount(1234567, EN)).toBe('1,234,567');
  });

  it('counts in Arabic with the digits and separators of the Arabic locale', () => {
    expect(formatCount(1234, AR)).toBe(number(AR, 1234));
    expect(formatCount(1234567, AR)).toBe(number(AR, 1234567));
    // Whichever digits the locale uses (Arabic-Indic '٠١٢…' or '012…'), a count uses those only.
    const zero = number(AR, 0).codePointAt(0)!;
    const digits = [...formatCount(9876543210, AR)].filter((c) => /\p{Nd}/u.test(c));
    expect(digits.map((c) => c.codePointAt(0)! - zero)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('writes shares as percentages', () => {
    expect(formatPercent(0.05, 0, EN)).toBe('5%');
    expect(formatPercent(1, 0, EN)).toBe('100%');
    expect(formatPercent(1 / 6, 2, EN)).toBe('16.67%');
    expect(formatPercent(0.5, 2, EN)).toBe('50%');
    expect(formatPercent(0.05, 0, AR)).toBe(number(AR, 0.05, { style: 'percent' }));
    expect(formatPercent(1 / 6, 2, AR)).toBe(number(AR, 1 / 6, { style: 'percent', maximumFractionDigits: 2 }));
    expect(formatPercent(0.05, 0, AR)).not.toBe('5%');
  });
});

describe('money', () => {
  it('writes cents as currency', () => {
    expect(formatMoney(1250, 'USD', EN)).toBe('$12.50');
    expect(formatMoney(50, 'usd', EN)).toBe('$0.50');
    expect(formatMoney(123456, 'USD', EN)).toBe('$1,234.56');
    expect(formatMoney(1250, 'eur', EN)).toBe('€12.50');
    expect(formatMoney(1250, 'USD', AR)).toBe(isolated(number(AR, 12.5, { style: 'currency', currency: 'USD' })));
  });

  it('keep a symbol with letters in one left-to-right piece, so that right-to-left text does not split it', () => {
    expect(formatMoney(1250, 'USD', AR)).toContain('\u2066US$\u2069');
    expect(formatMoney(1250, 'CAD', EN)).toBe('\u2066CA$\u206912.50');
    expect(formatMoney(1250, 'USD', EN)).not.toMatch(/[\u2066\u2069]/);
  });

  it("writes the plan's prices without cents when there are none", () => {
    expect(formatPlanPrice(9900, 'USD', EN)).toBe('$99');
    expect(formatPlanPrice(1250, 'USD', EN)).toBe('$12.50');
    expect(formatPlanPrice(9900, 'USD', AR)).toBe(isolated(number(AR, 99, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })));
  });

  it('writes a bare amount with two decimals, for text that names the currency', () => {
    expect(formatAmount(1250, EN)).toBe('12.50');
    expect(formatAmount(999, EN)).toBe('9.99');
    expect(formatAmount(500, EN)).toBe('5.00');
    expect(formatAmount(123456, EN)).toBe('1,234.56');
    expect(formatAmount(1250, AR)).toBe(number(AR, 12.5, { minimumFractionDigits: 2 }));
  });
});

describe('file sizes', () => {
  it('use the largest whole unit, in binary steps', () => {
    expect(formatSize(1, EN)).toBe('1 byte');
    expect(formatSize(512, EN)).toBe('512 bytes');
    expect(formatSize(1536, EN)).toBe('1.5 kB');
    expect(formatSize(2.4 * 1024 * 1024, EN)).toBe('2.4 MB');
    expect(formatSize(25 * 1024 * 1024, EN)).toBe('25 MB');
    expect(formatSize(3 * 1024 ** 3, EN)).toBe('3 GB');
  });

  it('name the unit in Arabic', () => {
    const size = formatSize(2.4 * 1024 * 1024, AR);
    expect(size).toBe(number(AR, 2.4, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }));
    expect(size).toMatch(ARABIC_LETTERS);
    expect(formatSize(512, AR)).toBe(number(AR, 512, { style: 'unit', unit: 'byte', unitDisplay: 'long' }));
  });
});

describe('dates', () => {
  it('in each of the styles, in English', () => {
    expect(formatDate(MOMENT, 'day', { ...UTC, locale: EN })).toBe('Jan 15, 2031');
    expect(formatDate(MOMENT, 'longDay', { ...UTC, locale: EN })).toBe('January 15, 2031');
    expect(formatDate(MOMENT, 'weekdayDay', { ...UTC, locale: EN })).toBe('Wednesday, January 15');
    expect(formatDate(MOMENT, 'monthDay', { ...UTC, locale: EN })).toBe('Jan 15');
    expect(formatDate(MOMENT, 'shortMonth', { ...UTC, locale: EN })).toBe('Jan');
    expect(formatDate(MOMENT, 'narrowWeekday', { ...UTC, locale: EN })).toBe('W');
    expect(formatDate(MOMENT, 'dayOfMonth', { ...UTC, locale: EN })).toBe('15');
    expect(formatDate(MOMENT, 'monthYear', { ...UTC, locale: EN })).toBe('January 2031');
    expect(formatDate(MOMENT, 'year', { ...UTC, locale: EN })).toBe('2031');
    expect(formatDate(MOMENT, 'time', { ...UTC, locale: EN })).toBe('7:30 PM');
    expect(formatDate(MOMENT, 'exact', { ...UTC, locale: EN })).toBe('Wednesday, January 15, 2031 at 7:30 PM');
  });

  it('in Arabic: Arabic month and day names, as the Arabic locale writes them', () => {
    expect(formatDate(MOMENT, 'longDay', { ...UTC, locale: AR })).toBe(date(AR, MOMENT, { dateStyle: 'long' }));
    expect(formatDate(MOMENT, 'longDay', { ...UTC, locale: AR })).toContain('يناير');
    expect(formatDate(MOMENT, 'monthYear', { ...UTC, locale: AR })).toContain('يناير');
    expect(formatDate(MOMENT, 'weekdayDay', { ...UTC, locale: AR })).toContain('الأربعاء');
    expect(formatDate(MOMENT, 'day', { ...UTC, locale: AR })).toBe(date(AR, MOMENT, { dateStyle: 'medium' }));
    expect(formatDate(MOMENT, 'time', { ...UTC, locale: AR })).toBe(date(AR, MOMENT, { timeStyle: 'short' }));
    expect(formatDate(MOMENT, 'exact', { ...UTC, locale: AR })).toBe(date(AR, MOMENT, { dateStyle: 'full', timeStyle: 'short' }));
    expect(formatDate(MOMENT, 'year', { ...UTC, locale: AR })).toBe(date(AR, MOMENT, { year: 'numeric' }));
  });

  it('a day (not a moment) is read in the zone it is given in', () => {
    const firstOfMonth = new Date('2031-02-01T00:00:00Z');
    expect(formatDate(firstOfMonth, 'longDay', { ...UTC, locale: EN })).toBe('February 1, 2031');
    expect(formatDate(firstOfMonth, 'longDay', { timeZone: 'America/New_York', locale: EN })).toBe('January 31, 2031');
  });
});

describe('relative times', () => {
  it('say how long ago in the largest whole unit, and nothing under a minute', () => {
    expect(formatTimeAgo(0, EN)).toBeNull();
    expect(formatTimeAgo(59, EN)).toBeNull();
    expect(formatTimeAgo(-30, EN)).toBeNull();
    expect(formatTimeAgo(60, EN)).toBe('1 minute ago');
    expect(formatTimeAgo(5 * 60 + 20, EN)).toBe('5 minutes ago');
    expect(formatTimeAgo(3 * 3600, EN)).toBe('3 hours ago');
    expect(formatTimeAgo(86400, EN)).toBe('yesterday');
    expect(formatTimeAgo(3 * 86400, EN)).toBe('3 days ago');
    expect(formatTimeAgo(8 * 86400, EN)).toBe('last week');
    expect(formatTimeAgo(400 * 86400, EN)).toBe('last year');
  });

  it('in Arabic', () => {
    const relative = new Intl.RelativeTimeFormat(AR, { numeric: 'auto' });
    expect(formatTimeAgo(86400, AR)).toBe('أمس');
    expect(formatTimeAgo(5 * 60, AR)).toBe(relative.format(-5, 'minute'));
    expect(formatTimeAgo(3 * 3600, AR)).toBe(relative.format(-3, 'hour'));
    expect(formatTimeAgo(5 * 60, AR)).toMatch(ARABIC_LETTERS);
  });

  it("name today and yesterday as headings, capitalised where the language has capitals", () => {
    expect(formatRelativeDay(0, EN)).toBe('Today');
    expect(formatRelativeDay(-1, EN)).toBe('Yesterday');
    expect(formatRelativeDay(0, AR)).toBe('اليوم');
    expect(formatRelativeDay(-1, AR)).toBe('أمس');
  });
});

describe('the formatters', () => {
  it("are built once per locale and options, and default to the interface's language (English until one is chosen)", () => {
    expect(numberFormat({ style: 'percent' }, EN)).toBe(numberFormat({ style: 'percent' }, EN));
    expect(numberFormat({ style: 'percent' }, EN)).not.toBe(numberFormat({ style: 'percent' }, AR));
    expect(dateFormat({ dateStyle: 'long' }, AR)).toBe(dateFormat({ dateStyle: 'long' }, AR));
    expect(numberFormat({}, AR).resolvedOptions().locale).toBe(AR);
    expect(formatCount(1234)).toBe('1,234');
    expect(formatDate(MOMENT, 'longDay', UTC)).toBe('January 15, 2031');
  });
});

describe('values carried by a page rendered ahead of time', () => {
  it('are recorded while rendering, with what was formatted, in each language', () => {
    recordFormats();
    const texts = [formatPlanPrice(8900, 'USD', EN), formatCount(1234, AR), formatPercent(0.05, 0, EN), formatDate(MOMENT, 'year', { timeZone: 'UTC', locale: AR })];
    const recorded = takeRecordedFormats();
    expect(Object.values(recorded).sort()).toEqual([...texts].sort());
    expect(Object.keys(recorded)).toHaveLength(4);
    // Only while recording.
    formatCount(99, EN);
    expect(takeRecordedFormats()).toEqual({});
  });

  it('are read instead of formatted again, and nothing else is', () => {
    recordFormats();
    formatPlanPrice(8900, 'USD', EN);
    formatDate(MOMENT, 'longDay', { timeZone: 'UTC', locale: EN });
    formatTimeAgo(5 * 60, EN);
    formatRelativeDay(-1, EN);
    const recorded = takeRecordedFormats();
    // A page carries what it was written with: marked here, so a read value shows it was not formatted again.
    carryFormats(Object.fromEntries(Object.entries(recorded).map(([key, text]) => [key, `carried ${text}`])));
    try {
      expect(formatPlanPrice(8900, 'USD', EN)).toBe('carried $89');
      expect(formatDate(MOMENT, 'longDay', { timeZone: 'UTC', locale: EN })).toBe('carried January 15, 2031');
      // A relative time is carried by what it says (its count and unit), so a clock a little later reads it too.
      expect(formatTimeAgo(5 * 60 + 20, EN)).toBe('carried 5 minutes ago');
      expect(formatTimeAgo(5 * 60 + 50, EN)).toBe('carried 5 minutes ago');
      expect(formatTimeAgo(6 * 60, EN)).toBe('6 minutes ago');
      expect(formatRelativeDay(-1, EN)).toBe('carried Yesterday');
      expect(formatRelativeDay(0, EN)).toBe('Today');
      expect(formatTimeAgo(5 * 60 + 20, AR)).toBe(new Intl.RelativeTimeFormat(AR, { numeric: 'auto' }).format(-5, 'minute'));
      // Another value, language, zone or style is formatted as usual.
      expect(formatPlanPrice(49900, 'USD', EN)).toBe('$499');
      expect(formatPlanPrice(8900, 'USD', AR)).toBe(isolated(number(AR, 89, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })));
      expect(formatDate(MOMENT, 'longDay', { timeZone: 'Asia/Tokyo', locale: EN })).toBe('January 16, 2031');
      expect(formatCount(8900, EN)).toBe('8,900');
      // A date in the browser's own zone is never carried.
      expect(formatDate(MOMENT, 'year', { locale: EN })).toBe('2031');
    } finally {
      carryFormats({});
    }
  });
});
