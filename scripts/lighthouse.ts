/**
 * `npm run lighthouse`: Lighthouse's mobile preset (simulated throttling: a mid-range phone on slow
 * 4G) against the built app, for the public pages a visitor lands on and, signed in as a member
 * (lighthouse/member-pages.ts; LIGHTHOUSE_MEMBER=0 leaves them out), a community's posts tab, a
 * course's learning view and the chat tab. Prints, for each page, the performance score, LCP, CLS,
 * TBT and FCP (the median of LIGHTHOUSE_RUNS runs, default 3) and exits non-zero when a page misses
 * its target (issue 15's for the public pages, issue 26's for the member's). A first row, `(blank)`, measures a page of one
 * paragraph and no script served beside the app in the same run: what this computer and Chromium
 * cost any page (on some machines Chromium's own work reads 100 ms of TBT or more on it).
 *
 * The compiled server (`apps/server/dist/main.js`, so run `npm run build` first, as the npm script
 * does) starts on a free port with its own throwaway database: one on the Postgres at
 * TEST_DATABASE_URL, or embedded PGlite in a temporary DATA_DIR when none answers. Chromium is
 * Debian's (`CHROMIUM_PATH`, default /usr/bin/chromium), headless.
 *
 * LIGHTHOUSE_DETAILS=1 also prints, for each run, what kept the main thread busy: the work by kind
 * and the long tasks (the ones TBT counts), each with its script.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { WebSocket } from 'ws';
import * as constants from 'lighthouse/core/config/constants.js';
import { seedMemberPages } from './lighthouse/member-pages.ts';
import { type MeasuredApp, requireBuild, startMeasuredApp } from './lighthouse/server.ts';
/** LIGHTHOUSE_PAGES: a comma-separated few of them instead (say, '/' alone while working on it), or 'none'. */
const PAGES = !process.env.LIGHTHOUSE_PAGES ? ['/', '/pricing', '/login'] : process.env.LIGHTHOUSE_PAGES === 'none' ? [] : process.env.LIGHTHOUSE_PAGES.split(',');
/**
 * LIGHTHOUSE_MEMBER=0 leaves out the member's pages (posts tab, course, chat tab: member-pages.ts);
 * a comma-separated few of their labels measures those alone ('posts tab').
 */
const MEMBER_PAGES = process.env.LIGHTHOUSE_MEMBER !== '0';
const MEMBER_LABELS = MEMBER_PAGES && process.env.LIGHTHOUSE_MEMBER && process.env.LIGHTHOUSE_MEMBER !== '1' ? process.env.LIGHTHOUSE_MEMBER.split(',') : null;
interface Targets {
  score: number;
  lcpMs: number;
  cls: number;
  /** null: TBT is not a target of its own (it counts in the score). */
  tbtMs: number | null;
}
/** Issue 15's targets for the public pages. */
const TARGETS: Targets = { score: 90, lcpMs: 2_500, cls: 0.1, tbtMs: 200 };
/** Issue 26's for the member's pages. */
const MEMBER_TARGETS: Targets = { score: 90, lcpMs: 2_500, cls: 0.1, tbtMs: null };

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Lighthouse's measure of this computer's CPU (higher is faster; TBT grows as it falls). */
  benchmarkIndex: number;
}

/**
 * LIGHTHOUSE_CPU_SLOWDOWN: Lighthouse's CPU multiplier instead of its mobile preset's 4, to see what a
 * slower computer would measure (one with half this one's benchmark index measures about what 8 reads here).
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : null;
if (CPU_SLOWDOWN !== null && !(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20)) throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be 1 to 20, got '${process.env.LIGHTHOUSE_CPU_SLOWDOWN}'`);
const MOBILE_SLOW_4G = constants.throttling.mobileSlow4G;

/**
 * LIGHTHOUSE_TRACES: a folder to write each run's trace to (`<page>-<n>.json`), with the JavaScript
 * sampler on (which costs the page a little), for `TRACE_INPUT=<files> TRACE_SIMULATED=1 npm run
 * lighthouse:trace` to read: what ran in each of the tasks Lighthouse itself counted.
 */
const TRACES = process.env.LIGHTHOUSE_TRACES;
const traceRuns = new Map<string, number>();
function saveTrace(url: string, artifacts: { Trace?: unknown }) {
  const { pathname, search } = new URL(url);
  const name = decodeURIComponent(pathname + search).slice(0, 60).replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'home';
  const run = (traceRuns.get(name) ?? 0) + 1;
  traceRuns.set(name, run);
  mkdirSync(TRACES!, { recursive: true });
  writeFileSync(join(TRACES!, `${name}-${run}.json`), JSON.stringify(artifacts.Trace));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse's own trace failures, for which it says "Please run Lighthouse again". */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_DCL', 'PROTOCOL_TIMEOUT']);

/** One audit, run again (at most twice) when Lighthouse failed to record the trace itself. */
async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  try {
    return await auditOnce(url, port);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (attempt >= 3 || !code || !RETRIED_ERRORS.has(code)) throw err;
    console.log(`    (Lighthouse could not record ${url} (${code}); running it again)`);
    return audit(url, port, attempt + 1);
  }
}

async function auditOnce(url: string, port: number): Promise<Figures> {
  // No config: Lighthouse's default is the mobile preset with simulated throttling.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(CPU_SLOWDOWN === null ? {} : { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    // The JavaScript sampler too, so that `lighthouse:trace` can name the functions of each task.
    ...(TRACES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw Object.assign(new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`), { code: lhr.runtimeError.code });
  }
  if (process.env.LIGHTHOUSE_DETAILS === '1') printDetails(lhr);
  if (TRACES) saveTrace(url, result.artifacts as { Trace?: unknown });
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

type Rows = Array<Record<string, unknown>>;
const rowsOf = (audit: { details?: unknown } | undefined): Rows => ((audit?.details as { items?: Rows } | undefined)?.items ?? []);
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/** What kept the main thread busy in one run, and what its first paint waited for (LIGHTHOUSE_DETAILS=1). */
function printDetails(lhr: { audits: Record<string, { details?: unknown; numericValue?: number }> }) {
  const work = rowsOf(lhr.audits['mainthread-work-breakdown']).map((row) => `${row.groupLabel} ${ms(row.duration)}`);
  console.log(`    main thread: ${work.join(', ')}`);
  const lcp = rowsOf(lhr.audits['largest-contentful-paint-element'])[0] as { items?: Array<{ node?: { snippet?: string } }> } | undefined;
  const snippet = lcp?.items?.[0]?.node?.snippet;
  if (snippet) console.log(`    largest paint: ${snippet.slice(0, 160)}`);
  // What the first paint waited for: the page itself (its time to first byte) and each stylesheet.
  const requests = rowsOf(lhr.audits['network-requests']);
  const page = requests[0];
  if (page) console.log(`    page: ${Math.round(Number(page.transferSize) / 1024)} KB, answered in ${ms(lhr.audits['server-response-time']?.numericValue)}`);
  for (const blocking of rowsOf(lhr.audits['render-blocking-resources'])) {
    console.log(`    render-blocking: ${String(blocking.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(blocking.totalBytes) / 1024)} KB, ${ms(blocking.wastedMs)} of the first paint`);
  }
  for (const task of rowsOf(lhr.audits['long-tasks'])) {
    console.log(`    long task at ${ms(task.startTime)}: ${ms(task.duration)}  ${String(task.url).replace(/^https?:\/\/[^/]+/, '')}`);
  }
}

/**
 * Gives Chromium the member's cookies (`name=value; …`) for `baseUrl`, as a browser that signed in
 * holds them: sent with every request, the WebSocket's included, beside any cookie the app writes
 * (a header Lighthouse added to each request would be replaced by the browser's own cookies).
 */
async function setBrowserCookies(port: number, baseUrl: string, header: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const cookies = header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
    socket.onmessage = (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      socket.close();
      if (answer.error) reject(new Error(`Chromium refused the cookies: ${answer.error.message}`));
      else resolve();
    };
    socket.onerror = () => reject(new Error('Could not reach Chromium to give it the cookies'));
  });
}

/** The median of `runs` audits of one page. */
async function measure(url: string, port: number, runs: number): Promise<Figures> {
  const samples: Figures[] = [];
  for (let i = 0; i < runs; i++) samples.push(await audit(url, port));
  return {
    score: median(samples.map((s) => s.score)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    cls: median(samples.map((s) => s.cls)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    fcpMs: median(samples.map((s) => s.fcpMs)),
    benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
  };
}

function printRow(label: string, figures: Figures, misses: string[]) {
  console.log(
    `${label.padEnd(10)} ${String(figures.score).padStart(5)} ${`${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(8)} ${figures.cls.toFixed(3).padStart(6)} ` +
      `${`${Math.round(figures.tbtMs)} ms`.padStart(8)} ${`${(figures.fcpMs / 1000).toFixed(2)} s`.padStart(8)} ${String(Math.round(figures.benchmarkIndex)).padStart(6)}${misses.length ? `  misses: ${misses.join(', ')}` : ''}`,
  );
}

const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title></head>' +
  '<body><p>A page of one paragraph and no script, to measure what any page costs here.</p></body></html>';

/** Serves BLANK_PAGE on a free port of its own. */
async function serveBlankPage(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BLANK_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function main(): Promise<number> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new Error(`LIGHTHOUSE_RUNS must be 1 to 15, got '${process.env.LIGHTHOUSE_RUNS}'`);
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  requireBuild();

  let app: MeasuredApp | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  let blank: { url: string; close: () => void } | null = null;
  try {
    app = await startMeasuredApp();
    const { baseUrl, database } = app;

    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    console.log(`Lighthouse mobile (simulated throttling${CPU_SLOWDOWN === null ? '' : `, CPU slowed ${CPU_SLOWDOWN}x`}), ${baseUrl}, ${database ? 'postgres' : 'pglite'}, median of ${runs} run(s):`);
    console.log(`${'page'.padEnd(10)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'CLS'.padStart(6)} ${'TBT'.padStart(8)} ${'FCP'.padStart(8)} ${'CPU'.padStart(6)}`);
    let missed = 0;
    // The floor of this computer and this Chromium, measured first, in the same run: a page of one
    // paragraph and no script.
    blank = await serveBlankPage();
    printRow('(blank)', await measure(blank.url, chrome.port, runs), []);
    const pages: Array<{ label: string; path: string; cookie: string | null; targets: Targets }> = PAGES.map((path) => ({ label: path, path, cookie: null, targets: TARGETS }));
    if (MEMBER_PAGES && database) {
      const member = await seedMemberPages(database, baseUrl);
      const chosen = MEMBER_LABELS ? member.pages.filter((page) => MEMBER_LABELS.includes(page.label)) : member.pages;
      if (chosen.length === 0) throw new Error(`LIGHTHOUSE_MEMBER must be 0, 1 or some of ${member.pages.map((page) => `'${page.label}'`).join(', ')}`);
      pages.push(...chosen.map((page) => ({ ...page, cookie: member.cookie, targets: MEMBER_TARGETS })));
      await setBrowserCookies(chrome.port, baseUrl, member.cookie);
    } else if (MEMBER_PAGES) {
      console.log('(the member pages need Postgres, at TEST_DATABASE_URL: they are seeded in SQL; not measured on PGlite)');
    }
    for (const { label, path, cookie, targets } of pages) {
      // One unmeasured visit first, so the server's first answers (cold caches) do not count.
      await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      const figures = await measure(`${baseUrl}${path}`, chrome.port, runs);
      const misses = [
        figures.score < targets.score && 'score',
        figures.lcpMs > targets.lcpMs && 'LCP',
        figures.cls > targets.cls && 'CLS',
        targets.tbtMs !== null && figures.tbtMs > targets.tbtMs && 'TBT',
      ].filter((miss): miss is string => Boolean(miss));
      if (misses.length) missed++;
      printRow(label, figures, misses);
    }
    console.log('CPU: Lighthouse\'s benchmark index of this computer (higher is faster); TBT is measured on it, so it grows as the index falls');
    console.log('(blank): a page of one paragraph and no script: what this computer and Chromium cost any page, the floor no page reads below here');
    console.log(`targets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs / 1000} s, CLS <= ${TARGETS.cls}, TBT <= ${TARGETS.tbtMs} ms (the member's pages: no TBT target of its own)`);
    return missed ? 1 : 0;
  } finally {
    blank?.close();
    if (chrome) await chrome.kill();
    await app?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
