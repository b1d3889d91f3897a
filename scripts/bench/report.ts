import type { LoadResult } from './load.ts';

export interface Measured {
  /** The scenario's name. */
  name: string;
  connections: number;
  result: LoadResult;
  /** The server process's CPU time per answered request (ms), over the measured seconds: what a busy machine changes least. */
  serverCpuMs: number;
}

/** Two scenario names; the ratio printed is candidate / baseline ('b/a'). */
export interface Comparison {
  label: string;
  baseline: string;
  candidate: string;
}

/** Renders rows as an aligned plain-text table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratio = (b: number, a: number) => (a > 0 ? `${(b / a).toFixed(2)}x` : 'n/a');

export function resultsTable(measured: Measured[]): string {
  return table(
    ['scenario', 'connections', 'req/s', 'server CPU ms/req', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    measured.map(({ name, connections, result: r, serverCpuMs }) => [
      name,
      String(connections),
      fmt(r.requestsPerSec),
      fmt(serverCpuMs, 3),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.totalRequests),
      fmt(r.non2xx),
      r.timeouts > 0 ? `${fmt(r.errors)} (${fmt(r.timeouts)} timeouts)` : fmt(r.errors),
    ]),
  );
}

/** For each comparison and connection count measured for both sides: candidate / baseline. */
export function ratioTable(measured: Measured[], comparisons: Comparison[]): string {
  const rows: string[][] = [];
  for (const { label, baseline, candidate } of comparisons) {
    for (const b of measured.filter((m) => m.name === candidate)) {
      const a = measured.find((m) => m.name === baseline && m.connections === b.connections);
      if (!a) continue;
      rows.push([
        label,
        String(b.connections),
        ratio(b.result.requestsPerSec, a.result.requestsPerSec),
        ratio(b.result.p99, a.result.p99),
        ratio(a.serverCpuMs, b.serverCpuMs),
      ]);
    }
  }
  // CPU per request inverted (a/b), so that like req/s, above 1x means the candidate costs less.
  return table(['ratio (b/a)', 'connections', 'req/s', 'p99', 'server CPU a/b'], rows);
}

export function formatKiB(kib: number): string {
  return `${(kib / 1024).toFixed(1)} MiB`;
}
