/**
 * `npm run load`: how many active members the service carries, and what breaks first.
 *
 * A throwaway database, two compiled server processes and a load balancer in front (scripts/load/cluster.ts),
 * then simulated members (scripts/load/member.ts) in steps: each step adds members and runs for
 * LOAD_STEP_SECONDS once they have arrived (every tab's subscriptions started, then LOAD_WARMUP_SECONDS); its figures are printed; the run stops at the first step whose p99 passes
 * LOAD_P99_LIMIT_MS or that has errors. Then the restart drills (scripts/load/drill.ts) run at
 * LOAD_DRILL_SHARE of the last step that held, and every acknowledged write and live post is
 * checked (scripts/load/ledger.ts). Everything started is stopped and the database dropped at the end.
 *
 * Settings (docs/performance.md): LOAD_STEPS, LOAD_STEP_SECONDS, LOAD_THINK_MS, LOAD_COMMUNITY_SIZE,
 * LOAD_P99_LIMIT_MS, LOAD_DRILL, LOAD_DRILL_SHARE, LOAD_SETTLE_SECONDS, LOAD_WARMUP_SECONDS; the servers' own (such as
 * RATE_LIMIT_SCALE, AUTH_RATE_LIMIT_MAX) pass through.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseDrills, quiet, runDrills } from './load/drill.ts';
import { balancerKind } from './load/balancer.ts';
import type { Deliveries } from './load/ledger.ts';
import { LoadRun } from './load/run.ts';
import { loadSettings } from './load/settings.ts';
import { brokeFirst, kindsDetail, ledgerTable, STEP_HEADER, stepRow } from './load/report.ts';
import { statementCounter } from './load/statements.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const settings = loadSettings();
const drills = parseDrills(process.env.LOAD_DRILL);

const run = new LoadRun();

/**
 * After a storm (a restart's reconnects) live posts can still be on their way 10 s after the last
 * write: late, not lost. Waits while deliveries keep arriving (5 s rounds, at most a minute) and
 * answers how many came in meanwhile and in how many seconds; what never comes is still missing.
 */
async function awaitStragglers(deliveries: () => Deliveries): Promise<{ count: number; seconds: number }> {
  const start = performance.now();
  let last = deliveries();
  const first = last.received;
  while (last.received < last.expected && performance.now() - start < 60_000) {
    await quiet(5_000);
    const now = deliveries();
    if (now.received === last.received) break;
    last = now;
  }
  return { count: last.received - first, seconds: Math.round((performance.now() - start) / 1000) };
}

try {
  const { database, cluster, crowd } = await run.start(root, settings);
  console.log(`Two processes (${cluster.servers.map((s) => s.url).join(', ')}) behind ${balancerKind()} at ${cluster.balancerUrl}.`);
  console.log(`Steps ${settings.steps.join(', ')} members with ${settings.tabs} tab(s) each, ${settings.stepSeconds} s each, think ${settings.thinkMs.join('-')} ms.\n\n${STEP_HEADER}`);

  let held = 0;
  let broke: string | null = null;
  const statements = await statementCounter(database);
  for (const members of settings.steps) {
    if (run.interrupted) break;
    // The step's new members arrive (their tabs' subscriptions start, each member's first action
    // comes within one think time); the arrival is reported apart, and the step measured after it.
    const arrivalStart = performance.now();
    crowd.metrics.take();
    await crowd.resize(members);
    await crowd.arrived(120_000);
    const arrivalSeconds = (performance.now() - arrivalStart) / 1000;
    await quiet(settings.warmupSeconds * 1000);
    const arrival = { seconds: arrivalSeconds, figures: crowd.metrics.take() };
    cluster.sample();
    const statementsBefore = await statements();
    await quiet(settings.stepSeconds * 1000);
    const figures = crowd.metrics.take();
    const statementsAfter = await statements();
    const executed = statementsBefore === null || statementsAfter === null ? null : statementsAfter - statementsBefore;
    console.log(stepRow(members, crowd.sockets, arrival, figures, executed, cluster.sample()));
    if (arrival.figures.errorCount > 0) {
      broke = `${members} members, as they arrived: ${brokeFirst(arrival.figures, settings.p99LimitMs)}`;
      break;
    }
    if (figures.errorCount > 0 || figures.p99 > settings.p99LimitMs) {
      broke = `${members} members: ${brokeFirst(figures, settings.p99LimitMs)}`;
      console.log(kindsDetail(figures));
      break;
    }
    if (members === settings.steps.at(-1)) console.log(kindsDetail(figures));
    held = members;
  }
  console.log(broke ? `\nFirst to break, at ${broke}` : `\nEvery step held (up to ${held} members).`);

  if (drills.length > 0 && !run.interrupted) {
    const drillMembers = Math.max(2, Math.round(Math.max(held, settings.steps[0]!) * settings.drillShare));
    console.log(`\nRestart drills (${drills.join(', ')}) at ${drillMembers} members.`);
    await crowd.resize(drillMembers);
    // A drill that fails (a process that does not come back) is reported; the count below still runs.
    await runDrills(cluster, crowd.metrics, drills, settings.settleSeconds * 1000).catch((error: unknown) => {
      process.exitCode = 1;
      console.error('The drill failed:', error);
    });
  }
  if (!run.interrupted) {
    // Writes stop; live events still on their way arrive; then every acknowledged write and post is looked for.
    await crowd.rest();
    await quiet(10_000);
    const openFeeds = new Set(crowd.members.flatMap((m) => m.feeds));
    const late = await awaitStragglers(() => crowd.ledger.deliveries(openFeeds));
    const check = await crowd.ledger.check(database, openFeeds);
    console.log(`\n${ledgerTable(check, late)}`);
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await run.stop();
}
