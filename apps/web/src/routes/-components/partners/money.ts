/** Cents in the reader's locale as currency ('US$12.34' or '$12.34'); display only, amounts stay in cents. */
export function formatMoney(locale: string, cents: number, currency = 'usd') {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A ledger month ('2026-11') as 'November 2026' in the reader's locale. */
export function formatMonth(locale: string, month: string) {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, number! - 1, 1));
}

export function formatDay(locale: string, date: Date) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/**
 * What an admin typed as an amount of dollars ('12', '12.5', '12.50', ' 1,234.56 ') in whole cents,
 * read digit by digit (never through a float); null when it is not such an amount.
 */
export function parseDollars(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
