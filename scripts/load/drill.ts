/**
 * The restart drills, run while members keep acting (LOAD_DRILL, comma-separated, in this order):
 * `kill` SIGKILLs one process and starts it again; `rolling` restarts both with SIGTERM, one after
 * the other, each taken out of the balancer first; `postgres` restarts the machine's Postgres
 * cluster (every database on it: other work on the machine sees its connections drop too, so it is
 * opt-in). Each phase's figures are printed.
 */
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cluster } from './cluster.ts';
import type { Metrics } from './metrics.ts';
import { takeResent } from './http.ts';
import { kindsDetail, PHASE_HEADER, phaseRow } from './report.ts';

export const DRILLS = ['kill', 'rolling', 'postgres'] as const;
export type Drill = (typeof DRILLS)[number];

/** A phase whose p99 passes this also prints p50 and p99 by kind of call. */
const SLOW_PHASE_MS = 1_000;

export function parseDrills(raw: string | undefined): Drill[] {
  const names = (raw ?? 'kill,rolling').split(',').map((s) => s.trim()).filter((s) => s && s !== 'none');
  for (const name of names) if (!(DRILLS as readonly string[]).includes(name)) throw new Error(`LOAD_DRILL: unknown drill '${name}' (${DRILLS.join(', ')}, none).`);
  return DRILLS.filter((d) => names.includes(d));
}

/** Runs `drills`, each between quiet phases of `settleMs`; returns the errors members saw in each phase. */
export async function runDrills(cluster: Cluster, metrics: Metrics, drills: Drill[], settleMs: number): Promise<Map<string, number>> {
  const errorsByPhase = new Map<string, number>();
  const phase = async (name: string, work: () => Promise<void>) => {
    await work();
    const figures = metrics.take();
    errorsByPhase.set(name, figures.errorCount);
    console.log(phaseRow(name, figures, cluster.sample()));
    // A slow phase says which calls waited (and its errors, as any phase does).
    if (figures.p99 > SLOW_PHASE_MS) console.log(kindsDetail(figures));
    else for (const [what, count] of figures.errors) console.log(`      error x${count}: ${what}`);
    const resent = takeResent();
    if (resent > 0) console.log(`      ${resent} call(s) sent again on a new connection: the balancer closed their kept-alive one as they went out (as a browser does)`);
  };
  console.log(`\n${PHASE_HEADER}`);
  metrics.take();
  takeResent();
  await phase('steady', () => sleep(settleMs));
  for (const drill of drills) {
    if (drill === 'kill') {
      await phase('SIGKILL app2, 10 s on app1 alone', async () => {
        await cluster.kill(1);
        await sleep(10_000);
      });
      await phase('app2 started again', async () => {
        await cluster.startServer(1);
        await sleep(settleMs);
      });
    }
    if (drill === 'rolling') {
      await phase('rolling restart (each taken out, SIGTERM, started, put back: app1, then app2)', async () => {
        for (const index of [0, 1]) {
          // Out of the balancer first (scripts/load/balancer.ts), then SIGTERM: closing a listening
          // socket resets the calls still in its accept queue, which the balancer cannot resend.
          await cluster.balancer?.withdraw(index);
          const code = await cluster.terminate(index);
          if (code !== 0) console.log(`      ${cluster.servers[index]!.name} exited with code ${code} (0 is a graceful close)`);
          await cluster.startServer(index);
          await cluster.balancer?.restore(index);
          await sleep(3_000);
        }
      });
      await phase('after the rolling restart', () => sleep(settleMs));
    }
    if (drill === 'postgres') {
      await phase('Postgres restarted (pg_ctlcluster)', async () => {
        const version = process.env.LOAD_PG_VERSION ?? '15';
        const restart = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { stdio: 'inherit' });
        if (restart.status !== 0) console.log(`      pg_ctlcluster answered ${restart.status}: was Postgres ${version}/main restarted?`);
        await sleep(10_000);
      });
      await phase('after the Postgres restart', () => sleep(settleMs));
    }
  }
  return errorsByPhase;
}

/** Waits until every member's feed would have caught up: `ms` of no new writes. */
export const quiet = sleep;
