/**
 * `npm run soak`: SOAK_MEMBERS simulated members (half the capacity `npm run load` found) on the
 * same set-up as the load test (two compiled processes behind a load balancer, scripts/load/cluster.ts) for
 * SOAK_MINUTES (default 30). Every SOAK_SAMPLE_MINUTES (default 10) it prints each process's
 * resident memory, heap, open handles, sockets and live streams (GET /api/bench/stats, a bench
 * route), the calls' p99 and errors, and the rows of live_events and rate_limits. Then the members
 * leave and what each process holds is compared with after a first, short visit of the same
 * members: sockets and live streams must be back to none, timers to that baseline. Not part of `npm test`.
 */
import { fileURLToPath } from 'node:url';
import type { Database } from '@app/db';
import { sql } from 'drizzle-orm';
import type { Cluster } from './load/cluster.ts';
import { LoadRun } from './load/run.ts';
import { loadSettings } from './load/settings.ts';

interface Stats {
  rss: number;
  heapUsed: number;
  handles: number;
  timers: number;
  sockets: number;
  liveStreams: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const settings = loadSettings();
const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got '${process.env[name]}'.`);
  return value;
};
const members = count('SOAK_MEMBERS', 250);
const minutes = count('SOAK_MINUTES', 30);
const sampleMinutes = count('SOAK_SAMPLE_MINUTES', 10);
/** How long after members leave the processes are looked at (their sockets' close has run by then). */
const LEAVE_MS = 15_000;
const MiB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}`;

async function stats(cluster: Cluster): Promise<Stats[]> {
  return Promise.all(cluster.servers.map(async (s) => (await (await fetch(`${s.url}/api/bench/stats`)).json()) as Stats));
}

/** Rows, and the age in minutes of the oldest, of the tables housekeeping keeps bounded. */
async function tables(database: Database): Promise<string> {
  const [row] = (await database.db.execute(sql`
    SELECT (SELECT count(*) FROM live_events) AS live, (SELECT extract(epoch FROM now() - min(created_at)) / 60 FROM live_events) AS live_age,
           (SELECT count(*) FROM rate_limits) AS limits, (SELECT extract(epoch FROM now() - min(window_start)) / 60 FROM rate_limits) AS limits_age`)) as unknown as Array<Record<string, string | null>>;
  const age = (value: string | null | undefined) => (value === null || value === undefined ? '-' : `${Math.round(Number(value))} min`);
  return `live_events ${row?.live} (oldest ${age(row?.live_age)}), rate_limits ${row?.limits} (oldest ${age(row?.limits_age)})`;
}

function statsCells(all: Stats[]): string {
  return all.map((s) => `${MiB(s.rss)} / ${MiB(s.heapUsed)} MiB, ${s.handles} handles, ${s.timers} timers, ${s.sockets} sockets, ${s.liveStreams} streams`).join(' | ');
}

const run = new LoadRun();
try {
  const { database, cluster, crowd } = await run.start(root, settings);
  console.log(`Soak: ${members} members for ${minutes} min, a sample every ${sampleMinutes} min.\nAt start: ${statsCells(await stats(cluster))}`);
  // A first visit of the same members, so what stays after any load (the database pool's
  // connections and their timers) is in the baseline, and only what grows with time shows up after.
  await crowd.resize(members);
  await new Promise((resolve) => setTimeout(resolve, settings.thinkMs[1]));
  await crowd.resize(0);
  await new Promise((resolve) => setTimeout(resolve, LEAVE_MS));
  const before = await stats(cluster);
  console.log(`After a first visit of ${members} members: ${statsCells(before)}\n`);
  console.log('| minute | req/s | p99 ms | errors | app1 RSS / heap, handles, timers, sockets, streams | app2 | tables |\n|---|---|---|---|---|---|---|');
  await crowd.resize(members);
  // Members arrive spread over one think time: the clock starts once all are there.
  await new Promise((resolve) => setTimeout(resolve, settings.thinkMs[1]));
  crowd.metrics.take();
  const started = Date.now();
  for (let minute = 0; minute <= minutes; minute += sampleMinutes) {
    const wait = started + minute * 60_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const figures = crowd.metrics.take();
    const rate = minute === 0 ? '-' : (figures.calls / figures.seconds).toFixed(1);
    console.log(`| ${minute} | ${rate} | ${minute === 0 ? '-' : Math.round(figures.p99)} | ${figures.errorCount} | ${statsCells(await stats(cluster))} | ${await tables(database)} |`);
    for (const [what, n] of figures.errors) console.log(`      error x${n}: ${what}`);
  }
  await crowd.resize(0);
  await new Promise((resolve) => setTimeout(resolve, LEAVE_MS));
  const after = await stats(cluster);
  console.log(`\nAfter members left: ${statsCells(after)}`);
  const leaks = after.flatMap((s, i) => {
    const b = before[i]!;
    const found: string[] = [];
    if (s.sockets > b.sockets) found.push(`${s.sockets - b.sockets} sockets`);
    if (s.liveStreams > b.liveStreams) found.push(`${s.liveStreams - b.liveStreams} live streams`);
    // Handles are reported, not compared: kept-alive TCP connections (the database pool's) outlive the load until idle.
    if (s.timers > b.timers) found.push(`${s.timers - b.timers} timers`);
    return found.map((what) => `${cluster.servers[i]!.name}: ${what} more than after the first visit`);
  });
  console.log(leaks.length === 0 ? 'Sockets, live streams and timers are back to where they were after the first visit.' : `LEFT OVER: ${leaks.join('; ')}`);
  if (leaks.length > 0) process.exitCode = 1;
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await run.stop();
}
