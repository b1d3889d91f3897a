/**
 * `npm run bench`: the cost of the tRPC layer against a bare Fastify route doing the same work.
 *
 * One run: a throwaway database, the server in a child process pinned to core 0, one signed-in user,
 * then autocannon (pinned to core 1) against every scenario, a table of the results and the
 * server's peak memory. The server is stopped and the database dropped at the end, even on failure.
 *
 * BENCH_DURATION (seconds measured per scenario, default 10) and BENCH_WARMUP (seconds of unmeasured
 * load before each, default 3) change the timing. BENCH_ROUNDS (default 1) measures every scenario
 * that many times, taking turns (a, b, c, a, b, c, ...: the warm-up in the first round only), and
 * reports their sums: a machine whose speed drifts over a minute then moves a ratio's two sides
 * alike. Only 127.0.0.1 is targeted.
 *
 * BENCH_ONLY (comma-separated, default all) runs only some parts: `startup`, `scenarios`, `feed` (live
 * delivery), `mentions` (notification fan-out), `digest` (the weekly digest under feed load) and
 * `search` (search inside a community of 100,000 posts and 300,000 comments, not in the default run).
 *
 * Scenarios (and the ratios printed between them) are listed in scripts/bench/scenarios.ts.
 *
 * BENCH_CPU_PROF=<dir> runs the server under `node --cpu-prof`, its profile written to that folder
 * as it stops (the profiler costs the server time of its own: read its figures for where, not how fast).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { generateKeyringValue } from '@app/api/server';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { combinedResult, runLoad, runningLoads, type LoadResult } from './bench/load.ts';
import { devSignIn } from './bench/sign-in.ts';
import { canPin, cpuBusy, cpuMsOf, freePort, pinSelf, prefixOutput, readProcStatus, spawnedServerEnv, spawnPinned, stopProcess, waitForHealth } from './bench/processes.ts';
import { type Comparison, formatKiB, ratioTable, resultsTable, type Measured } from './bench/report.ts';
import { feedTrpcPath, measureDelivery } from './bench/feed.ts';
import { FEED_DURING_SECONDS, measureDigest, startCountingSmtp, type CountingSmtp } from './bench/digest.ts';
import { measureMentions } from './bench/mentions.ts';
import { measureStartup, type StartupFigures } from './bench/startup.ts';
import type { BenchContext } from './bench/context.ts';
import { comparisons, prepare, prepareSearch, scenarios, searchComparisons, searchScenarios, type Scenario } from './bench/scenarios.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const AUTOCANNON_CLI = join(root, 'node_modules/autocannon/autocannon.js');
const SERVER_CORE = 0;
const LOAD_CORE = 1;

function seconds(name: string, fallback: number, what = 'a whole number of seconds'): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 600) throw new Error(`${name} must be ${what} (1-600), got '${raw}'.`);
  return value;
}

const PARTS = ['startup', 'scenarios', 'feed', 'mentions', 'digest', 'search'] as const;
/** Parts a run without BENCH_ONLY leaves out (they seed large tables of their own). */
const OPT_IN: readonly Part[] = ['search'];
type Part = (typeof PARTS)[number];

/** The parts BENCH_ONLY names, or all of them. */
function partsToRun(): Set<Part> {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return new Set(PARTS.filter((part) => !OPT_IN.includes(part)));
  const named = raw.split(',').map((part) => part.trim());
  const unknown = named.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length) throw new Error(`BENCH_ONLY names unknown parts (${unknown.join(', ')}); known: ${PARTS.join(', ')}.`);
  return new Set(named as Part[]);
}

/**
 * The scenarios BENCH_SCENARIOS names (comma-separated words, `profiles.me,posts.list`): each whose
 * name holds a word, and both sides of each comparison whose label holds one; all without it.
 */
function scenariosToRun(all: Scenario[], ratios: Comparison[]): Scenario[] {
  const words = process.env.BENCH_SCENARIOS?.split(',').map((word) => word.trim()).filter(Boolean) ?? [];
  if (!words.length) return all;
  const named = (text: string) => words.some((word) => text.includes(word));
  const names = new Set(all.filter((scenario) => named(scenario.name)).map((scenario) => scenario.name));
  for (const { label, baseline, candidate } of ratios) if (named(label)) names.add(baseline).add(candidate);
  const chosen = all.filter((scenario) => names.has(scenario.name));
  if (!chosen.length) throw new Error(`BENCH_SCENARIOS (${words.join(', ')}) names none of these: ${[...new Set(all.map((scenario) => scenario.name))].join('; ')}.`);
  return chosen;
}

async function signIn(baseUrl: string): Promise<{ cookie: string; user: { id: string; email: string } }> {
  const email = 'bench@example.com';
  const { userId, cookie } = await devSignIn(baseUrl, email, 'Bench User');
  return { cookie, user: { id: userId, email } };
}

/** `count` members signed in, for the scenarios whose connections are each a member's own. */
async function signInMembers(baseUrl: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push((await devSignIn(baseUrl, `bench-member-${i}@example.com`, `Bench Member ${i}`)).cookie);
  return cookies;
}

function requestHeaders(scenario: Scenario, ctx: BenchContext): Record<string, string> {
  // As a browser asks: answers of 1 KB and more come compressed (both sides of every comparison).
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (!scenario.anonymous) headers.cookie = ctx.cookie;
  if (scenario.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** One request per distinct scenario: 200, JSON, verified; then each comparison's payloads must be equal. */
async function checkResponses(ctx: BenchContext, running: Scenario[], ratios: Comparison[]): Promise<void> {
  const payloads = new Map<string, unknown>();
  for (const scenario of running) {
    if (payloads.has(scenario.name)) continue;
    const res = await fetch(`${ctx.baseUrl}${scenario.path}`, {
      method: scenario.method ?? 'GET',
      headers: requestHeaders(scenario, ctx),
      body: scenario.body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.name} answered ${res.status} before the bench: ${text}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${scenario.name} did not answer JSON: ${text.slice(0, 200)}`);
    }
    const payload = scenario.payload ? scenario.payload(body) : body;
    scenario.verify?.(payload, ctx);
    payloads.set(scenario.name, payload);
  }
  for (const { label, baseline, candidate } of ratios) {
    if (!payloads.has(baseline) || !payloads.has(candidate)) continue;
    const a = payloads.get(baseline);
    const b = payloads.get(candidate);
    if (!isDeepStrictEqual(a, b)) {
      throw new Error(`${label}: the responses differ.\n  ${baseline}: ${JSON.stringify(a)}\n  ${candidate}: ${JSON.stringify(b)}`);
    }
  }
}

async function main(): Promise<number> {
  const durationSec = seconds('BENCH_DURATION', 10);
  const warmupSec = seconds('BENCH_WARMUP', 3);
  const rounds = seconds('BENCH_ROUNDS', 1, 'a whole number of rounds');
  const parts = partsToRun();
  const pinned = canPin();
  if (!pinned) console.warn('WARNING: `taskset` is missing or cores 0-1 are unavailable: server and load generator run unpinned.');
  // The server and autocannon each want a core to themselves; anything else running skews the numbers.
  const busy = await cpuBusy();
  if (busy !== null && busy > 0.2) console.warn(`WARNING: the CPUs were ${Math.round(busy * 100)}% busy before the bench started: numbers will be noisy.`);
  const serverCore = pinned ? SERVER_CORE : null;
  const loadCore = pinned ? LOAD_CORE : null;
  // The bench's own clients and SMTP server are the outside world: they share the load generator's core.
  if (pinned && !pinSelf(LOAD_CORE)) console.warn('WARNING: could not move the bench process to the load core.');

  // Bounded in time: a hang anywhere ends the run (cleanup still runs).
  // 300 s: database, seeding (about a minute on Postgres) and the live-feed delivery measurement.
  const budgetMs = (300 + (scenarios.length + searchScenarios.length) * (warmupSec + durationSec + 45)) * 1000;
  let server: ChildProcess | null = null;
  let database: TestDatabase | null = null;
  let dataDir: string | null = null;
  let smtp: CountingSmtp | null = null;
  let cleaning: Promise<void> | null = null;
  // Runs once, whichever of the normal end, a failure, the watchdog or a signal gets here first.
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const load of runningLoads) load.kill('SIGKILL');
      if (server) await stopProcess(server).catch((err) => console.error('Could not stop the server:', err));
      if (database) await database.drop().catch((err) => console.error('Could not drop the bench database:', err));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (smtp) await smtp.close();
    })());
  const abort = (reason: string) => {
    console.error(`\n${reason}: stopping.`);
    void cleanup().finally(() => process.exit(1));
  };
  const watchdog = setTimeout(() => abort(`The bench took longer than ${budgetMs / 1000} s`), budgetMs);
  process.once('SIGINT', () => abort('Interrupted'));
  process.once('SIGTERM', () => abort('Terminated'));

  try {
    database = await createTestDatabase();
    if (database.url === null) {
      // No Postgres answered: the in-memory PGlite can't be shared with a child, so the server opens its own.
      console.warn('WARNING: no Postgres answered; the server runs on embedded PGlite, so numbers are not comparable with Postgres runs.');
      await database.drop();
      database = null;
      dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
    }

    const chatKey = generateKeyringValue();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The start-up figures start servers of their own, on ports of their own.
    const serverEnv = spawnedServerEnv({ baseUrl, databaseUrl: database?.url ?? null, dataDir, chatKey });
    // Start-up against Postgres (the embedded database is a development convenience).
    let startup: StartupFigures[] = [];
    if (database && parts.has('startup')) {
      process.stdout.write('  start to healthy and idle memory, sources (tsx) and compiled, 3 starts each ... ');
      startup = await measureStartup(root, serverCore, serverEnv);
      console.log('done');
    }
    // E-mail goes to a local SMTP server in this process, which counts what arrives (the digest below).
    smtp = await startCountingSmtp();
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    server = spawnPinned(serverCore, process.execPath, [...profile, 'apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...serverEnv,
        BENCH_ROUTES: '1',
        AUTH_RATE_LIMIT_MAX: '1000',
        // The bench measures throughput: one person sends thousands of calls a second from one address.
        RATE_LIMIT_SCALE: '100000',
        SMTP_URL: smtp.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixOutput(server, '[server]');
    await waitForHealth(baseUrl, server);
    const serverPid = server.pid ?? 0;
    const { name: processName } = readProcStatus(serverPid);
    if (processName !== 'node') throw new Error(`Expected pid ${serverPid} to be the node server, found '${processName}'.`);

    const { cookie, user } = await signIn(baseUrl);
    const ctx: BenchContext = { baseUrl, cookie, user, database, chatKey };
    const ratios = [...comparisons, ...searchComparisons];
    const running = scenariosToRun([...(parts.has('scenarios') ? scenarios : []), ...(parts.has('search') ? searchScenarios : [])], ratios);
    const seeded = running.some((scenario) => !scenario.unseeded) || (['feed', 'mentions', 'digest'] as const).some((part) => parts.has(part));
    if (seeded) await prepare(ctx);
    if (parts.has('search')) await prepareSearch(ctx);
    await checkResponses(ctx, running, ratios);

    console.log(
      `Benchmarking ${baseUrl} (server pid ${serverPid}${pinned ? ` on core ${SERVER_CORE}, autocannon on core ${LOAD_CORE}` : ', unpinned'}; ` +
        `database: ${database ? 'postgres' : 'pglite'}): ${warmupSec} s warm-up + ${durationSec} s per scenario, ${running.length} scenarios.`,
    );
    const members = Math.max(0, ...running.filter((scenario) => scenario.members).map((scenario) => scenario.connections));
    const memberCookies = await signInMembers(baseUrl, members);
    // Each scenario's rounds: its results and the server's CPU time over them.
    const byScenario: Array<{ results: LoadResult[]; cpuMs: number }> = running.map(() => ({ results: [], cpuMs: 0 }));
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, scenario] of running.entries()) {
        await scenario.setup?.(ctx);
        const load = {
          cli: AUTOCANNON_CLI,
          url: `${baseUrl}${scenario.path}`,
          connections: scenario.connections,
          method: scenario.method,
          headers: requestHeaders(scenario, ctx),
          body: scenario.body,
          core: loadCore,
          cookies: scenario.members ? memberCookies.slice(0, scenario.connections) : undefined,
        };
        process.stdout.write(`  ${scenario.name} x ${scenario.connections} connections${rounds > 1 ? `, round ${round} of ${rounds}` : ''} ... `);
        if (round === 1) await runLoad({ ...load, durationSec: warmupSec });
        const cpuBefore = cpuMsOf(serverPid);
        const result = await runLoad({ ...load, durationSec });
        const cpuMs = cpuMsOf(serverPid) - cpuBefore;
        byScenario[index]!.results.push(result);
        byScenario[index]!.cpuMs += cpuMs;
        console.log(`${Math.round(result.requestsPerSec)} req/s, ${(cpuMs / Math.max(1, result.totalRequests)).toFixed(3)} ms of server CPU each`);
      }
    }
    const measured: Measured[] = running.map((scenario, index) => {
      const { results, cpuMs } = byScenario[index]!;
      const result = combinedResult(results);
      return { name: scenario.name, connections: scenario.connections, result, serverCpuMs: cpuMs / Math.max(1, result.totalRequests) };
    });
    let delivery: Awaited<ReturnType<typeof measureDelivery>> | null = null;
    if (parts.has('feed')) {
      process.stdout.write('  live feed: 1,000 WebSocket subscribers, 20 posts ... ');
      delivery = await measureDelivery(ctx);
      console.log('done');
    }
    let mentions: Awaited<ReturnType<typeof measureMentions>> = null;
    if (parts.has('mentions')) {
      process.stdout.write('  mention fan-out: a post naming 50 members, 50 bells listening ... ');
      mentions = await measureMentions(ctx);
      console.log(mentions ? 'done' : 'skipped (no Postgres)');
    }
    let digest: Awaited<ReturnType<typeof measureDigest>> = null;
    if (parts.has('digest')) {
      process.stdout.write('  weekly digest: 10,000 members, with the feed under load ... ');
      const feedLoad = {
        cli: AUTOCANNON_CLI,
        url: `${baseUrl}${feedTrpcPath}`,
        connections: 10,
        headers: { cookie: ctx.cookie },
        core: loadCore,
        durationSec,
      };
      digest = await measureDigest(ctx, smtp, feedLoad, serverPid);
      console.log(digest ? 'done' : 'skipped (no Postgres)');
    }
    const { peakKiB, rssKiB } = readProcStatus(serverPid);

    if (measured.length) {
      console.log(`\n${resultsTable(measured)}\n`);
      console.log(`${ratioTable(measured, ratios)}\n`);
    }
    if (delivery)
      console.log(
        `Live feed delivery, post created -> event received, ${delivery.subscribers.toLocaleString('en-US')} WebSocket subscribers x ${delivery.posts} posts: ` +
          `p50 ${delivery.p50.toFixed(1)} ms, p99 ${delivery.p99.toFixed(1)} ms, max ${delivery.max.toFixed(1)} ms ` +
          `(${delivery.deliveries.toLocaleString('en-US')} of ${delivery.expected.toLocaleString('en-US')} deliveries).`,
      );
    if (mentions) {
      const { plain, mentions: named, bells } = mentions;
      console.log(
        `Mention fan-out, ${mentions.rounds} posts naming ${mentions.mentioned} members each: posts.create p50 ${named.p50.toFixed(1)} ms, p99 ${named.p99.toFixed(1)} ms ` +
          `(${(named.p99 / plain.p99).toFixed(2)}x the p99 of a plain post's ${plain.p99.toFixed(1)} ms; goal: under 100 ms); ` +
          `every bell told: p50 ${bells.p50.toFixed(1)} ms, p99 ${bells.p99.toFixed(1)} ms, max ${bells.max.toFixed(1)} ms (goal: within 1 s; ${bells.heard} of ${bells.expected} heard); ` +
          `the slowest post was round ${mentions.slowest.round + 1} of ${mentions.rounds} (${mentions.slowest.ms.toFixed(1)} ms), after ${mentions.warmup} not counted.`,
      );
    }
    if (digest) {
      const slower = digest.feedDuring.p99 / digest.feedBefore.p99 - 1;
      console.log(
        `Weekly digest, ${digest.members.toLocaleString('en-US')} members: ${digest.queued.toLocaleString('en-US')} queued in ${(digest.queueMs / 1000).toFixed(1)} s, ` +
          (digest.deliveredMs === null
            ? `only ${digest.delivered.toLocaleString('en-US')} handed to SMTP within 180 s (goal: all within 120 s). `
            : `all handed to SMTP ${(digest.deliveredMs / 1000).toFixed(1)} s after the start (goal: 120 s; ${Math.round(digest.queued / (digest.deliveredMs / 1000))} e-mails/s). `) +
          `Feed p99 ${digest.feedBefore.p99} ms before, ${digest.feedDuring.p99} ms meanwhile (${slower >= 0 ? '+' : ''}${Math.round(slower * 100)}%; goal: at most +20%).`,
      );
      const { cpuBefore: b, cpuDuring: d } = digest;
      const perEmail = (before: number, during: number) => ((during - before) * FEED_DURING_SECONDS) / Math.max(1, digest.deliveredDuringFeed);
      console.log(
        `  CPU ms per second, feed alone -> feed and digest: server ${b.server} -> ${d.server}, Postgres ${b.postgres} -> ${d.postgres}, bench and its SMTP server ${b.bench} -> ${d.bench}; ` +
          `${digest.deliveredDuringFeed.toLocaleString('en-US')} e-mails meanwhile, so about ${perEmail(b.server, d.server).toFixed(2)} ms of server CPU and ${perEmail(b.postgres, d.postgres).toFixed(2)} ms of Postgres CPU each (queueing included).`,
      );
    }
    console.log(`Server peak memory (VmHWM): ${formatKiB(peakKiB)}; resident at the end (VmRSS): ${formatKiB(rssKiB)}.`);
    if (startup.length === 2) {
      const [sources, compiled] = startup as [StartupFigures, StartupFigures];
      for (const figures of startup) {
        console.log(`Start to healthy, ${figures.name}: ${(figures.startMs / 1000).toFixed(2)} s; idle resident memory ${formatKiB(figures.idleKiB)}.`);
      }
      console.log(
        `Compiled / sources: start time ${(compiled.startMs / sources.startMs).toFixed(2)}x, idle memory ${(compiled.idleKiB / sources.idleKiB).toFixed(2)}x.`,
      );
    }

    if (digest && digest.deliveredMs === null) {
      console.error(`\nFAILED: ${digest.queued - digest.delivered} digest e-mails were not handed to SMTP within 180 s.`);
      return 1;
    }
    if (mentions && mentions.bells.heard < mentions.bells.expected) {
      console.error(`\nFAILED: ${mentions.bells.expected - mentions.bells.heard} bells never heard of the mention.`);
      return 1;
    }
    if (delivery && delivery.deliveries < delivery.expected) {
      console.error(`\nFAILED: ${delivery.expected - delivery.deliveries} live feed deliveries never arrived.`);
      return 1;
    }
    const failed = measured.filter((m) => m.result.non2xx > 0 || m.result.errors > 0);
    if (failed.length > 0) {
      console.error(`\nFAILED: non-2xx responses or errors in: ${failed.map((m) => `${m.name} x ${m.connections}`).join(', ')}.`);
      return 1;
    }
    return 0;
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`\nBench failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
