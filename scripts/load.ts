/**
 * `npm run load`: how many active members the service carries, and what breaks first.
 *
 * A throwaway database, two compiled server processes and Caddy in front (scripts/load/cluster.ts),
 * then simulated members (scripts/load/member.ts) in steps: each step adds members and runs for
 * LOAD_STEP_SECONDS; its figures are printed; the run stops at the first step whose p99 passes
 * LOAD_P99_LIMIT_MS or that has errors. Then the restart drills (scripts/load/drill.ts) run at
 * LOAD_DRILL_SHARE of the last step that held, and every acknowledged write and live post is
 * checked (scripts/load/ledger.ts). Everything started is stopped and the database dropped at the end.
 *
 * Settings (docs/performance.md): LOAD_STEPS, LOAD_STEP_SECONDS, LOAD_THINK_MS, LOAD_COMMUNITY_SIZE,
 * LOAD_P99_LIMIT_MS, LOAD_DRILL, LOAD_DRILL_SHARE, LOAD_SETTLE_SECONDS; the servers' own (such as
 * RATE_LIMIT_SCALE, AUTH_RATE_LIMIT_MAX) pass through.
 */
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Cluster, loadServerEnv } from './load/cluster.ts';
import { Crowd } from './load/crowd.ts';
import { parseDrills, quiet, runDrills } from './load/drill.ts';
import { loadSettings } from './load/settings.ts';
import { brokeFirst, kindsDetail, ledgerTable, STEP_HEADER, stepRow } from './load/report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const settings = loadSettings();
const drills = parseDrills(process.env.LOAD_DRILL);

let database: TestDatabase | null = null;
let cluster: Cluster | null = null;
let crowd: Crowd | null = null;
let stopping = false;

async function cleanUp() {
  await crowd?.resize(0).catch(() => undefined);
  await cluster?.stop().catch(() => undefined);
  await database?.drop().catch(() => undefined);
}

process.once('SIGINT', () => {
  stopping = true;
  console.log('\nInterrupted: stopping the servers, Caddy and the members.');
  void cleanUp().then(() => process.exit(130));
});

try {
  database = await createTestDatabase();
  if (!database.url) throw new Error('npm run load needs Postgres (TEST_DATABASE_URL or the local server): two processes cannot share PGlite.');
  const databaseUrl = database.url;
  cluster = new Cluster(root, (publicUrl) => loadServerEnv(databaseUrl, publicUrl));
  await cluster.start();
  crowd = new Crowd(database, cluster, settings);
  console.log(`Two processes (${cluster.servers.map((s) => s.url).join(', ')}) behind Caddy at ${cluster.balancerUrl}.`);
  console.log(`Steps ${settings.steps.join(', ')} members, ${settings.stepSeconds} s each, think ${settings.thinkMs.join('-')} ms.\n\n${STEP_HEADER}`);

  let held = 0;
  let broke: string | null = null;
  for (const members of settings.steps) {
    if (stopping) break;
    await crowd.resize(members);
    crowd.metrics.take();
    cluster.sample();
    await new Promise((resolve) => setTimeout(resolve, settings.stepSeconds * 1000));
    const figures = crowd.metrics.take();
    console.log(stepRow(members, members, figures, cluster.sample()));
    if (figures.errorCount > 0 || figures.p99 > settings.p99LimitMs) {
      broke = `${members} members: ${brokeFirst(figures, settings.p99LimitMs)}`;
      console.log(kindsDetail(figures));
      break;
    }
    if (members === settings.steps.at(-1)) console.log(kindsDetail(figures));
    held = members;
  }
  console.log(broke ? `\nFirst to break, at ${broke}` : `\nEvery step held (up to ${held} members).`);

  if (drills.length > 0 && !stopping) {
    const drillMembers = Math.max(2, Math.round(Math.max(held, settings.steps[0]!) * settings.drillShare));
    console.log(`\nRestart drills (${drills.join(', ')}) at ${drillMembers} members.`);
    await crowd.resize(drillMembers);
    await runDrills(cluster, crowd.metrics, drills, settings.settleSeconds * 1000);
  }
  if (!stopping) {
    // Writes stop; live events still on their way arrive; then every acknowledged write and post is looked for.
    await crowd.rest();
    await quiet(10_000);
    const check = await crowd.ledger.check(database, new Set(crowd.members.map((m) => m.feed)));
    console.log(`\n${ledgerTable(check)}`);
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanUp();
}
