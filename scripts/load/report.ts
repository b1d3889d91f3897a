/** The tables `npm run load` and `npm run soak` print (Markdown, to paste into docs/performance.md). */
import type { ProcessSample } from './cluster.ts';
import type { LedgerCheck } from './ledger.ts';
import type { WindowFigures } from './metrics.ts';

const ms = (value: number) => (Number.isNaN(value) ? '-' : `${Math.round(value)}`);

export function processes(samples: ProcessSample[]): string {
  return samples
    .map((s) => {
      const memory = Number.isNaN(s.rssMiB) ? '' : ` ${Math.round(s.rssMiB)} MiB`;
      const lag = s.lagP99Ms === undefined ? '' : ` (loop p99 ${Math.round(s.lagP99Ms)} ms${s.lagMaxMs === undefined ? '' : `, max ${Math.round(s.lagMaxMs)} ms`})`;
      return `${s.name}${memory} ${Math.round(s.cpu * 100)}%${lag}`;
    })
    .join(', ');
}

export const STEP_HEADER =
  '| members | sockets | arrival: s, p99 ms, errors | req/s | p50 ms | p99 ms | live p99 ms | errors | statements per call | processes (RSS, CPU of one core) |\n|---|---|---|---|---|---|---|---|---|---|';

/** What a step's arrival took: its seconds (to every tab's subscriptions started), and the calls meanwhile and during the warm-up after. */
export interface Arrival {
  seconds: number;
  figures: WindowFigures;
}

/** `statements`: what the database executed in the step (scripts/load/statements.ts), null when not counted. */
export function stepRow(members: number, sockets: number, arrival: Arrival, figures: WindowFigures, statements: number | null, samples: ProcessSample[]): string {
  const perCall = statements === null || figures.calls === 0 ? '-' : (statements / figures.calls).toFixed(1);
  const arrived = `${arrival.seconds.toFixed(1)}, ${ms(arrival.figures.p99)}, ${arrival.figures.errorCount}`;
  return `| ${members} | ${sockets} | ${arrived} | ${(figures.calls / figures.seconds).toFixed(1)} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.deliveryP99)} | ${figures.errorCount} | ${perCall} | ${processes(samples)} |`;
}

/** p50/p99 by kind of call, the slowest p99 first, and the errors. */
export function kindsDetail(figures: WindowFigures): string {
  const kinds = [...figures.kinds].sort((a, b) => b.p99 - a.p99);
  const lines = kinds.map((k) => `    ${k.kind.padEnd(22)} ${String(k.count).padStart(6)} calls  p50 ${ms(k.p50).padStart(5)}  p99 ${ms(k.p99).padStart(5)}`);
  for (const [what, count] of figures.errors) lines.push(`    error x${count}: ${what}`);
  return lines.join('\n');
}

/** What broke first at a failing step: the errors, else the kinds of call over the limit. */
export function brokeFirst(figures: WindowFigures, p99LimitMs: number): string {
  if (figures.errorCount > 0) return `errors: ${[...figures.errors].map(([what, n]) => `${what} (x${n})`).join('; ')}`;
  const over = figures.kinds.filter((k) => k.p99 > p99LimitMs).sort((a, b) => b.p99 - a.p99);
  return `p99 over ${p99LimitMs} ms: ${over.map((k) => `${k.kind} ${ms(k.p99)} ms`).join(', ')}`;
}

export function phaseRow(phase: string, figures: WindowFigures, samples: ProcessSample[]): string {
  return `| ${phase} | ${(figures.calls / figures.seconds).toFixed(1)} | ${ms(figures.p99)} | ${ms(figures.deliveryP99)} | ${figures.reconnects} | ${figures.errorCount} | ${processes(samples)} |`;
}

export const PHASE_HEADER = '| drill phase | req/s | p99 ms | live p99 ms | reconnects | errors | processes |\n|---|---|---|---|---|---|---|';

/** `late`: deliveries that arrived after the first 10 quiet seconds, while the run waited for them. */
export function ledgerTable(check: LedgerCheck, late: { count: number; seconds: number }): string {
  const row = (what: string, c: { acknowledged: number; found: number }) => `| ${what} | ${c.acknowledged} | ${c.found} | ${c.acknowledged - c.found} |`;
  return [
    '| acknowledged writes | acknowledged | in the database | lost |',
    '|---|---|---|---|',
    row('posts', check.posts),
    row('comments', check.comments),
    row('likes', check.likes),
    row('chat messages', check.messages),
    row('lessons ticked', check.lessons),
    '',
    `Live posts: ${check.feeds.received} of ${check.feeds.expected} deliveries reached the ${check.feeds.watched} feeds open throughout (${check.feeds.expected - check.feeds.received} missing)${late.count > 0 ? `; ${late.count} of them arrived more than 10 s after the last write (waited ${late.seconds} s more)` : ''}.`,
  ].join('\n');
}
