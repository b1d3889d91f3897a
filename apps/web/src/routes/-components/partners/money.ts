import { formatDate } from '../../../lib/format.ts';

/** A ledger month ('2026-11') as 'November 2026' in the interface's language. */
export function formatMonth(month: string, locale?: string) {
  const [year, number] = month.split('-').map(Number);
  return formatDate(Date.UTC(year!, number! - 1, 1), 'monthYear', { timeZone: 'UTC', locale });
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
