/**
 * `npm run bench:fanout`: live fan-out alone. The compiled server on a throwaway database, one
 * community with FANOUT_MEMBERS members (default 1,000) holding FANOUT_TABS tabs each (default 5:
 * 5,000 WebSockets on the community's feed), 20 posts, and per delivery the delay from the post's
 * request to the event. Also the server's own CPU time for the 20 posts (from /proc), the figure a
 * shared machine disturbs least, the sockets' process's, and /healthz asked every 20 ms meanwhile.
 * FANOUT_CPU_PROF=<dir> runs the server under `node --cpu-prof`; FANOUT_NODE_FLAGS passes flags to
 * its node (`--trace-gc`, say); FANOUT_IDLE_PROBE=1 first measures the server's CPU for 30 s with
 * the sockets open and idle (the subscriptions' re-check rounds).
 * Pinned like `npm run bench` (server on core 0, sockets on core 1) where taskset can. Only 127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@app/db/testing';
import { communities, communityMembers } from '@app/db/schema';
import { measureDelivery, percentile } from './feed.ts';
import { canPin, cpuMsOf, freePort, prefixOutput, spawnedServerEnv, spawnPinned, stopProcess, waitForHealth } from './processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const count = (name: string, fallback: number) => Number(process.env[name] || fallback);
const MEMBERS = count('FANOUT_MEMBERS', 1_000);
const TABS = count('FANOUT_TABS', 5);
const PROFILE_DIR = process.env.FANOUT_CPU_PROF;

async function signInMember(baseUrl: string, n: number): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${baseUrl}/auth/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `member${n}@fanout.example`, name: `Member ${n}` }),
  });
  if (res.status !== 200) throw new Error(`Dev sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('session=') && pair.length > 8);
  return { cookie: cookie!, userId: ((await res.json()) as { userId: string }).userId };
}

const database = await createTestDatabase();
if (!database.url) throw new Error('The fan-out bench needs Postgres (TEST_DATABASE_URL).');
const dataDir = mkdtempSync(join(tmpdir(), 'fanout-data-'));
const pinned = canPin();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawnPinned(pinned ? 0 : null, process.execPath, [...(process.env.FANOUT_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), 'apps/server/dist/main.js'], {
  cwd: root,
  env: spawnedServerEnv(
    { baseUrl, databaseUrl: database.url, dataDir, inherit: false },
    // Every member's sockets come from 127.0.0.1: the per-address call budget and live caps are
    // raised (as `npm run load` does); each member's own limits stay as in production.
    { AUTH_RATE_LIMIT_MAX: String(MEMBERS * 2), ADDRESS_LIMIT_SCALE: process.env.ADDRESS_LIMIT_SCALE ?? '1000' },
  ),
  stdio: ['ignore', 'pipe', 'pipe'],
});
prefixOutput(server, '[server]');
try {
  await waitForHealth(baseUrl, server);
  const members = [];
  for (let n = 0; n < MEMBERS; n += 1) members.push(await signInMember(baseUrl, n));
  const communityId = crypto.randomUUID();
  await database.db.insert(communities).values({ id: communityId, name: 'Fan-out', ownerId: members[0]!.userId, membersCount: MEMBERS });
  await database.db
    .insert(communityMembers)
    .values(members.map((m, n) => ({ communityId, userId: m.userId, role: n === 0 ? ('owner' as const) : ('member' as const), status: 'approved' as const })));

  const sockets = MEMBERS * TABS;
  console.log(`Fan-out: ${MEMBERS} members x ${TABS} tabs = ${sockets} WebSockets on one feed, 20 posts (${pinned ? 'server on core 0, sockets on core 1' : 'unpinned'}).`);
  // The sockets live in this process: on the other core.
  if (pinned) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  let cpuBefore = 0;
  let ownCpuBefore = process.cpuUsage();
  // Another visitor's request while the posts fan out: /healthz, one after another, 20 ms apart.
  let probing = true;
  let probe: Promise<number[]> = Promise.resolve([]);
  const probeHealth = async () => {
    const times: number[] = [];
    while (probing) {
      const started = performance.now();
      await fetch(`${baseUrl}/healthz`).then((res) => res.arrayBuffer());
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    return times;
  };
  const ctx = { baseUrl, cookie: members[0]!.cookie, user: { id: members[0]!.userId, email: '' }, database, chatKey: '' };
  const onSubscribed = async () => {
    if (process.env.FANOUT_IDLE_PROBE) {
      const start = cpuMsOf(server.pid!);
      await new Promise((r) => setTimeout(r, 30_000));
      console.log(`Idle 30 s with the sockets open: server CPU ${cpuMsOf(server.pid!) - start} ms.`);
    }
    cpuBefore = cpuMsOf(server.pid!);
    ownCpuBefore = process.cpuUsage();
    probe = probeHealth();
  };
  const result = await measureDelivery(ctx, { sockets, cookies: members.map((m) => m.cookie), communityId, onSubscribed });
  probing = false;
  const cpuMs = cpuMsOf(server.pid!) - cpuBefore;
  const waits = (await probe).sort((a, b) => a - b);
  const own = process.cpuUsage(ownCpuBefore);
  const ownCpuMs = Math.round((own.user + own.system) / 1000);
  console.log(
    `Delivered ${result.deliveries.toLocaleString('en-US')} of ${result.expected.toLocaleString('en-US')}: p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms; ` +
      `server CPU for the 20 posts ${cpuMs.toLocaleString('en-US')} ms, ${((cpuMs / result.deliveries) * 1000).toFixed(0)} µs per delivery; ` +
      `the sockets' process ${ownCpuMs.toLocaleString('en-US')} ms (${((ownCpuMs / result.deliveries) * 1000).toFixed(0)} µs per event received). ` +
      `/healthz meanwhile: ${waits.length} requests, p50 ${percentile(waits, 50).toFixed(0)} ms, p99 ${percentile(waits, 99).toFixed(0)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms.`,
  );
} finally {
  await stopProcess(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
