import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV files', () => {
  it('quote every cell, double quotes, and end lines with CRLF', () => {
    expect(toCsv(['a', 'b'], [['say "hi"', 'line\nbreak']])).toBe('"a","b"\r\n"say ""hi""","line\nbreak"\r\n');
  });

  it('keep text a spreadsheet would run as a formula from being one', () => {
    for (const evil of ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =cmd|"/c calc"!A1']) {
      expect(csvCell(evil), evil).toBe(`"'${evil.replaceAll('"', '""')}"`);
    }
    expect(csvCell('Garden Club')).toBe('"Garden Club"');
  });

  it('write amounts as exact decimal numbers, negative ones too', () => {
    expect(toCsv(['amount'], [[{ cents: 50 }], [{ cents: -25 }], [{ cents: 123456 }], [{ cents: 0 }], [null], [5]])).toBe(
      '"amount"\r\n"0.50"\r\n"-0.25"\r\n"1234.56"\r\n"0.00"\r\n""\r\n"5"\r\n',
    );
  });
});
