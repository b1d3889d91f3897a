import { describe, expect, it } from 'vitest';
import { formatMonth, parseDollars } from './money.ts';

describe('amounts an admin types', () => {
  it('become whole cents without float arithmetic', () => {
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars(' 1,234.56 ')).toBe(123456);
    expect(parseDollars('4.35')).toBe(435);
  });

  it('refuse what is not an amount', () => {
    for (const bad of ['', 'abc', '-1', '1.234', '1e3', '12.', '.5', '10000000']) expect(parseDollars(bad), bad).toBeNull();
  });
});

describe('ledger months', () => {
  it('read as month and year, in UTC', () => {
    expect(formatMonth('2026-11', 'en-US')).toBe('November 2026');
    expect(formatMonth('2027-01', 'en-US')).toBe('January 2027');
  });
});
