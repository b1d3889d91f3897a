import { intlLocale } from '../i18n/locale.ts';

/**
 * Numbers, prices, sizes, dates and relative times in the interface's language, all through Intl.
 * Every function takes the Intl locale last and defaults to the interface's (`intlLocale()`); tests
 * pass one. Building an Intl formatter costs far more than using one, so each is built once per
 * locale and options and kept.
 *
 * A date formatter without a `timeZone` uses the zone it was built in: a page's zone does not change
 * under it, but code whose zone matters (events) names it.
 */

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(kind: string, locale: string, options: object, build: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The browser's first formatter costs far more than any after it (it loads its number and calendar
 * data: some 15 ms on a fast computer, several times that on a phone), work that would make a page
 * rendered ahead of time slow to come alive. Such a page carries the values it was written with
 * (scripts/prerender.ts records them, boot.tsx hands them here), keyed by what was formatted: while
 * the page hydrates, and later for the same values, they are read rather than formatted again. What the
 * page did not carry (a toggle's other price) is formatted as usual, when it is first shown.
 */
let carried = new Map<string, string>();
let recorded: Map<string, string> | null = null;

function formatted(key: string, format: () => string): string {
  const kept = carried.get(key);
  if (kept !== undefined) return kept;
  const text = format();
  recorded?.set(key, text);
  return text;
}

/**
 * What a member's page rendered by the server was written with besides its values: the zone of its
 * dates (the browser's own, which it told the server in a cookie), in which dates without a zone of
 * their own are written and carried, and the clock its relative times were written by
 * (components/feed/RelativeTime.tsx), with which they hydrate before they tick on.
 */
export interface PageClock {
  timeZone?: string;
  renderedAt?: number;
}
let page: PageClock = {};

/** The time a page rendered by the server was rendered at, if it was. */
export function pageRenderedAt(): number | undefined {
  return page.renderedAt;
}

/**
 * The year the page was written in: on a page rendered ahead of time (at build, or by the server),
 * carried, so that the page hydrates as it was written even when a new year has begun since.
 */
export function renderedYear(): number {
  return Number(formatted('year|now', () => String(new Date().getFullYear())));
}

/** Takes the values a page rendered ahead of time was written with (`takeRecordedFormats` made them), and its clock. */
export function carryFormats(values: Record<string, string>, clock: PageClock = {}) {
  carried = new Map(Object.entries(values));
  page = clock;
}

/** Rendering ahead of time: notes every value formatted from now until `takeRecordedFormats`, by `clock`. */
export function recordFormats(clock: PageClock = {}) {
  recorded = new Map();
  page = clock;
}

/** Whether a page is being rendered ahead of time (its formatted values are noted to be carried). */
export function recordingFormats(): boolean {
  return recorded !== null;
}

export function takeRecordedFormats(): Record<string, string> {
  const values = Object.fromEntries(recorded ?? []);
  recorded = null;
  page = {};
  return values;
}

const numberKey = (locale: string, options: object, value: number) => `n|${locale}|${JSON.stringify(options)}|${value}`;

function formatNumber(value: number, options: Intl.NumberFormatOptions, locale: string) {
  return formatted(numberKey(locale, options, value), () => numberFormat(options, locale).format(value));
}

export function numberFormat(options: Intl.NumberFormatOptions = {}, locale = intlLocale()) {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateFormat(options: Intl.DateTimeFormatOptions, locale = intlLocale()) {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** Whole numbers and counts ('1,234' in English). */
export function formatCount(value: number, locale = intlLocale()) {
  return formatNumber(value, {}, locale);
}

/** A share, given as a fraction (0.05 is '5%'); `digits` caps the decimals ('16.67%'). */
export function formatPercent(fraction: number, digits = 0, locale = intlLocale()) {
  return formatNumber(fraction, { style: 'percent', maximumFractionDigits: digits }, locale);
}

/**
 * A currency symbol with Latin letters ('US$' in Arabic, 'CA$') kept as one left-to-right piece: in
 * right-to-left text the '$' would otherwise drift to the other side of the letters ('$US 89').
 */
function money(value: number, options: Intl.NumberFormatOptions, locale: string) {
  return formatted(`m${numberKey(locale, options, value)}`, () =>
    numberFormat(options, locale)
      .formatToParts(value)
      .map((part) => (part.type === 'currency' && /[A-Za-z]/.test(part.value) ? `\u2066${part.value}\u2069` : part.value))
      .join(''),
  );
}

/** Cents as money ('$12.50'); display only, amounts stay in integer cents. */
export function formatMoney(cents: number, currency = 'USD', locale = intlLocale()) {
  return money(cents / 100, { style: 'currency', currency: currency.toUpperCase() }, locale);
}

/** A plan's price: without decimals when there are no cents ('$99', '$12.50'). */
export function formatPlanPrice(cents: number, currency = 'USD', locale = intlLocale()) {
  const digits = cents % 100 === 0 ? 0 : 2;
  return money(cents / 100, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }, locale);
}

/**
 * Cents as a bare amount with two decimals ('12.50'), for text that names the currency itself
 * (the spec's 'US$12.50 USD /mo'; the catalog places the amount).
 */
export function formatAmount(cents: number, locale = intlLocale()) {
  return formatNumber(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, locale);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in its largest whole unit ('512 bytes', '2.4 MB'), binary steps as file managers count. */
export function formatSize(bytes: number, locale = intlLocale()) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Bytes written out: the short form of 'byte' has no plural in English ('512 byte').
  const options = { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 } as const;
  return formatNumber(value, options, locale);
}

/** The ways the interface writes a date or time, by meaning (English examples). */
const DATE_STYLES = {
  /** 'Jan 5, 2026' */
  day: { dateStyle: 'medium' },
  /** 'January 5, 2026' */
  longDay: { dateStyle: 'long' },
  /** 'Monday, January 5' */
  weekdayDay: { weekday: 'long', month: 'long', day: 'numeric' },
  /** 'Jan 5' */
  monthDay: { month: 'short', day: 'numeric' },
  /** 'Jan' */
  shortMonth: { month: 'short' },
  /** 'M' (a calendar's column heads) */
  narrowWeekday: { weekday: 'narrow' },
  /** '5' */
  dayOfMonth: { day: 'numeric' },
  /** 'January 2026' */
  monthYear: { month: 'long', year: 'numeric' },
  /** '2026' */
  year: { year: 'numeric' },
  /** '6:30 PM' */
  time: { timeStyle: 'short' },
  /** 'Monday, January 5, 2026 at 6:30 PM' */
  exact: { dateStyle: 'full', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** A date in one of the interface's styles; `timeZone` for dates that are days, not moments ('UTC'). */
export function formatDate(date: Date | number, style: DateStyle, { timeZone = page.timeZone, locale = intlLocale() }: { timeZone?: string; locale?: string } = {}) {
  if (!timeZone) return dateFormat(DATE_STYLES[style], locale).format(date);
  // Only a date in a named zone (or the page's) is carried: in another zone the text is not the one written ahead of time.
  const options = { ...DATE_STYLES[style], timeZone };
  return formatted(`d|${locale}|${JSON.stringify(options)}|${Number(date)}`, () => dateFormat(options, locale).format(date));
}

function relativeFormat(locale: string) {
  return cached('relative', locale, {}, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** How long ago, in the largest whole unit ('5 minutes ago', 'yesterday'); null under a minute (or for a clock ahead of ours). */
export function formatTimeAgo(seconds: number, locale = intlLocale()): string | null {
  if (!(seconds >= 60)) return null;
  let [unit, size] = STEPS[0]!;
  for (const [name, length] of STEPS) {
    if (seconds >= length) [unit, size] = [name, length];
  }
  const count = -Math.floor(seconds / size);
  // Carried too: a page's relative times are its first formatter, the costliest (see `formatted`).
  return formatted(`ago|${locale}|${count}|${unit}`, () => relativeFormat(locale).format(count, unit));
}

/** 'Today' (0) or 'Yesterday' (-1) as a heading: capitalised where the language has capitals. */
export function formatRelativeDay(offset: number, locale = intlLocale()) {
  return formatted(`day|${locale}|${offset}`, () => {
    const text = relativeFormat(locale).format(offset, 'day');
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  });
}
