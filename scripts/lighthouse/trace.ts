/**
 * `npm run lighthouse:trace`: what keeps a member's page busy, task by task. Lighthouse's TBT says how
 * much; this says what. It starts the built app as `npm run lighthouse` does (server.ts), seeds the
 * same member's pages (member-pages.ts), opens one of them in Debian's Chromium (playwright-core) on
 * a phone's viewport with the CPU slowed down as Lighthouse's mobile preset does (4x), records a
 * trace with the JavaScript sampler on, and prints every main-thread task over 30 ms: when it ran
 * (from the navigation; tasks before the first paint are marked), how long,
 * the functions its samples were in (mapped through the build's source maps to the file, line and
 * name they come from), the app's own nearest function (src/...) and every function the samples were
 * inside of. Last, the sum beyond 50 ms of the tasks after the first paint, as TBT counts it, at this
 * slowdown, and of every task (Lighthouse's simulation of a slow network puts its first paint
 * earlier against the scripts than this unthrottled network does, so it counts more of them).
 *
 * TRACE_PAGE: 'posts tab' (default), 'course' or 'chat tab'; TRACE_RUNS: runs (1 to 10, default 1);
 * TRACE_CPU_SLOWDOWN: the multiplier (1 to 20, default 4); TRACE_SIMULATED=1: as Lighthouse's simulated
 * throttling does, the page runs at full speed and each task's duration is multiplied afterwards
 * (React's scheduler then yields as often as on Lighthouse's own unthrottled load); TRACE_TOP: how many functions each of a
 * task's lists names (1 to 200, default 10); TRACE_STACKS: how many of each task's commonest
 * stacks to print as well (0 to 50, default 0; each its innermost functions, React's own left out,
 * as 'child < parent < …'); TRACE_FILE: where to write the last run's
 * trace (Chromium's JSON, which DevTools' Performance panel opens). Needs Postgres (the pages are
 * seeded in SQL) and a build.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { seedMemberPages } from './member-pages.ts';
import { startMeasuredApp } from './server.ts';

const assets = fileURLToPath(new URL('../../apps/web/dist/assets/', import.meta.url));

function setting(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${min} to ${max}, got '${process.env[name]}'`);
  return value;
}
const PAGE = process.env.TRACE_PAGE ?? 'posts tab';
const RUNS = setting('TRACE_RUNS', 1, 1, 10);
const SLOWDOWN = setting('TRACE_CPU_SLOWDOWN', 4, 1, 20);
const SIMULATED = process.env.TRACE_SIMULATED === '1';
/** What a task's recorded duration is multiplied by: the slowdown when it is simulated rather than applied. */
const SCALE = SIMULATED ? SLOWDOWN : 1;
/** How many functions each list of a task shows. */
const TOP = setting('TRACE_TOP', 10, 1, 200);
const STACKS = setting('TRACE_STACKS', 0, 0, 50);
/** How many functions of a stack TRACE_STACKS prints, from the innermost out. */
const STACK_DEPTH = 8;
/** A task longer than this is listed (TBT counts the part of a task beyond 50 ms). */
const LISTED_MS = 30;
const BLOCKING_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: ProfileData };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface ProfileData {
  documentLoaderURL?: string;
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}
interface Sample {
  ts: number;
  id: number;
  nodes: Map<number, ProfileNode>;
}

const maps = new Map<string, TraceMap | null>();

/** A frame as its source names it ('src/lib/format.ts:196 cached', 'nm/react-dom/...'), or as it ran. */
function frameName({ callFrame: frame }: ProfileNode): string {
  const chunk = /\/assets\/([^/?#]+\.js)/.exec(frame.url)?.[1];
  if (chunk) {
    if (!maps.has(chunk)) {
      const file = join(assets, `${chunk}.map`);
      maps.set(chunk, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    const map = maps.get(chunk);
    const place = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    if (place?.source) return `${place.source.replace(/^.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '')}:${place.line}${place.name ? ` ${place.name}` : ''}`;
  }
  return `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.replace(/^.*\//, '')}` : ''}`;
}

/**
 * The page's main thread: the main thread of the renderer that navigated to the app (an http page),
 * the one that ran the most among them. Chromium's own pages (its new-tab page, in a renderer of its
 * own) can run more than the app's.
 */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const pages = new Set(events.filter((e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? '')).map((e) => e.pid));
  let best: { pid: number; tid: number; busy: number } | null = null;
  for (const thread of events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pages.has(e.pid))) {
    const busy = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (!best || busy > best.busy) best = { pid: thread.pid, tid: thread.tid, busy };
  }
  if (!best) throw new Error('The trace has no renderer main thread that loaded an http page');
  return best;
}

/** The JavaScript sampler's samples of a process, each with its time on the trace's clock. */
function samplesOf(events: TraceEvent[], pid: number): Sample[] {
  const profiles = new Map<string, { at: number; nodes: Map<number, ProfileNode>; samples: Sample[] }>();
  for (const event of events) {
    if (event.pid !== pid || !event.id) continue;
    const data = event.args?.data;
    if (event.name === 'Profile') profiles.set(event.id, { at: data?.startTime ?? event.ts, nodes: new Map(), samples: [] });
    const profile = profiles.get(event.id);
    if (event.name !== 'ProfileChunk' || !profile) continue;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      profile.at += data?.timeDeltas?.[i] ?? 0;
      // Resolved once every chunk is read: a sample may name a node a later chunk describes.
      profile.samples.push({ ts: profile.at, id, nodes: profile.nodes });
    });
  }
  return [...profiles.values()].flatMap((profile) => profile.samples);
}

/**
 * The browser's own work in a task, by the trace's event names (ParseHTML, UpdateLayoutTree for
 * style, Layout, v8.compile, FunctionCall…), each event's time less its children's: what a task of
 * '(program)' samples (no script running) was.
 */
function browserWork(events: TraceEvent[], task: TraceEvent): Map<string, number> {
  const end = task.ts + task.dur!;
  const inside = events.filter((e) => e !== task && e.ph === 'X' && e.dur !== undefined && e.ts >= task.ts && e.ts + e.dur <= end).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const event of inside) {
    while (open.length && open.at(-1)!.ts + open.at(-1)!.dur! <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur! / 1000);
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur! / 1000);
    open.push(event);
  }
  return new Map([...self].filter(([, ms]) => ms >= 1).map(([name, ms]) => [name, Math.round(ms)]));
}

/** React's, its scheduler's and the trace's own frames, left out of what a sample was inside of. */
const INTERNAL = /^(nm\/(react-dom|react|scheduler)\/|\(program\)|\(root\)|\(idle\)|\(garbage collector\)|\(anonymous\) index-)/;

const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `      ${String(count).padStart(4)}  ${name}`)
    .join('\n');

/**
 * Prints each long task with what ran in it; returns the sums beyond 50 ms of the tasks after the
 * first paint and of all of them.
 */
function report(events: TraceEvent[]): { afterPaint: number; all: number } {
  const { pid, tid } = mainThread(events);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === pid && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''))?.ts ?? 0;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  const samples = samplesOf(events, pid);
  const at = (ts: number) => `${Math.round((ts - start) / 1000)} ms`;
  console.log(`  first contentful paint at ${paint === undefined ? '?' : at(paint)}`);
  let blocking = 0;
  let all = 0;
  const mainEvents = events.filter((e) => e.pid === pid && e.tid === tid);
  for (const task of mainEvents.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) * SCALE > LISTED_MS * 1000)) {
    const duration = (task.dur! * SCALE) / 1000;
    const counted = paint !== undefined && task.ts > paint;
    if (counted) blocking += Math.max(0, duration - BLOCKING_MS);
    all += Math.max(0, duration - BLOCKING_MS);
    const own = new Map<string, number>();
    const app = new Map<string, number>();
    const within = new Map<string, number>();
    const stacks = new Map<string, number>();
    let sampled = 0;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > task.ts + task.dur!) continue;
      const leaf = sample.nodes.get(sample.id);
      if (!leaf) continue;
      sampled++;
      const name = frameName(leaf);
      own.set(name, (own.get(name) ?? 0) + 1);
      let node: ProfileNode | undefined = leaf;
      while (node && !frameName(node).startsWith('src/')) node = node.parent === undefined ? undefined : sample.nodes.get(node.parent);
      const mine = node ? frameName(node) : '(no app function)';
      app.set(mine, (app.get(mine) ?? 0) + 1);
      // Every function the sample was inside of (once each), but React's and its scheduler's own:
      // the components rendered and the effects run, whatever they called.
      const seen = new Set<string>();
      for (let frame: ProfileNode | undefined = leaf; frame; frame = frame.parent === undefined ? undefined : sample.nodes.get(frame.parent)) {
        const name = frameName(frame);
        if (!seen.has(name) && !INTERNAL.test(name)) seen.add(name);
      }
      for (const name of seen) within.set(name, (within.get(name) ?? 0) + 1);
      if (STACKS) {
        const stack = [...seen].slice(0, STACK_DEPTH).join(' < ') || name;
        stacks.set(stack, (stacks.get(stack) ?? 0) + 1);
      }
    }
    console.log(`\n  task at ${at(task.ts)}: ${Math.round(duration)} ms${counted ? '' : ' (before the first paint)'}`);
    console.log(`    ${sampled} samples, in:\n${top(own, TOP)}\n    the app's nearest function:\n${top(app, Math.ceil(TOP / 2))}\n    inside of (React's own functions left out):\n${top(within, TOP)}`);
    console.log(`    the browser's work (ms, each event less its children):\n${top(new Map([...browserWork(mainEvents, task)].map(([name, ms]) => [name, ms * SCALE])), TOP)}`);
    if (STACKS) console.log(`    the commonest stacks, innermost first (React's own left out):\n${top(stacks, STACKS)}`);
  }
  return { afterPaint: blocking, all };
}

/** TRACE_INPUT: traces already recorded (Lighthouse's own, say: `LIGHTHOUSE_TRACES`), read instead of recording any. */
function readTraces(files: string[]) {
  const blocking = files.map((file) => {
    console.log(`${file}${SIMULATED ? `, tasks multiplied by ${SLOWDOWN}x` : ''}:`);
    return report((JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
  });
  printSums(blocking);
}

function printSums(blocking: Array<{ afterPaint: number; all: number }>) {
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`\nsum beyond ${BLOCKING_MS} ms of the tasks after the first paint (TBT as this trace counts it), per run: ${blocking.map((run) => ms(run.afterPaint)).join(', ')}`);
  // Lighthouse simulates a slow network on the unthrottled trace: its first paint comes earlier
  // relative to the scripts, and more of the tasks count.
  console.log(`the same of every task, the first paint's own included (what Lighthouse's simulation may count): ${blocking.map((run) => ms(run.all)).join(', ')}`);
}

async function main() {
  if (process.env.TRACE_INPUT) return readTraces(process.env.TRACE_INPUT.split(','));
  const app = await startMeasuredApp();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    if (!app.database) throw new Error("The member's pages need Postgres (TEST_DATABASE_URL): they are seeded in SQL");
    const member = await seedMemberPages(app.database, app.baseUrl);
    const page = member.pages.find((candidate) => candidate.label === PAGE);
    if (!page) throw new Error(`TRACE_PAGE must be one of ${member.pages.map((candidate) => `'${candidate.label}'`).join(', ')}`);
    // One unmeasured visit first, so the server's first answers (cold caches) do not count.
    await fetch(`${app.baseUrl}${page.path}`, { headers: { accept: 'text/html', cookie: member.cookie } });
    const cookies = member.cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: app.baseUrl };
    });
    const blocking: Array<{ afterPaint: number; all: number }> = [];
    for (let run = 1; run <= RUNS; run++) {
      // Lighthouse's mobile preset: a phone's screen, and the CPU slowed down.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await context.addCookies(cookies);
      const tab = await context.newPage();
      if (!SIMULATED) await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'loading', 'blink.user_timing'] });
      await tab.goto(`${app.baseUrl}${page.path}`);
      // A plain wait, which runs nothing in the page (a waitForSelector polls with a script of its
      // own, which the trace would count), long enough for what follows the page coming alive (its
      // subscriptions, the posts below the first screen).
      await tab.waitForTimeout(12_000);
      const trace = await browser.stopTracing();
      if (!(await tab.evaluate(() => document.documentElement.hasAttribute('data-alive')))) throw new Error(`${PAGE} did not come alive within 12 s`);
      if (process.env.TRACE_FILE && run === RUNS) writeFileSync(process.env.TRACE_FILE, trace);
      console.log(`${PAGE}, run ${run} of ${RUNS}, CPU ${SIMULATED ? 'at full speed, tasks multiplied by' : 'slowed'} ${SLOWDOWN}x:`);
      blocking.push(report((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents));
      await context.close();
    }
    printSums(blocking);
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
