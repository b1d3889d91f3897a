import { centsText } from '@app/shared/partners';

/**
 * CSV files for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF line ends). Text
 * that came from people (a community's name, a payout's reference) cannot become a formula: a cell
 * that a spreadsheet would read as one (starting with =, +, -, @, a tab or a carriage return, after
 * any leading spaces) is prefixed with an apostrophe, as OWASP recommends. Amounts are ours and
 * written as plain numbers, so a negative one stays a number.
 */

/** An amount in cents, written as a decimal number ('-0.25'). */
export interface Money {
  cents: number;
}

export type Cell = string | number | Money | null;

const FORMULA_START = /^[\s]*[=+\-@\t\r]/;

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return centsText(cell.cents);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function csvCell(cell: Cell): string {
  return `"${cellText(cell).replaceAll('"', '""')}"`;
}

/** One line of the file, with its CRLF (for a file written as a stream). */
export function csvRow(row: readonly Cell[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** The file: a header row, then one row per item. */
export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map(csvRow).join('');
}
