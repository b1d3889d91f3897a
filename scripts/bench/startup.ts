/**
 * Start to healthy, and memory when idle: the compiled production server (apps/server/dist/main.js)
 * against the same server run from its TypeScript sources through tsx (the baseline, as it ran before
 * it was compiled), each started three times on the bench's migrated database, the median kept.
 */
import { freePort, readProcStatus, spawnPinned, stopProcess, waitForHealth } from './processes.ts';

export interface StartupFigures {
  name: string;
  /** Median milliseconds from spawning the process to the first healthy /healthz. */
  startMs: number;
  /** Resident memory after standing idle, in KiB (median). */
  idleKiB: number;
}

const RUNS = 3;
const IDLE_MS = 5_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startOnce(cwd: string, core: number | null, args: string[], env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawnPinned(core, process.execPath, args, { cwd, env: { ...env, PORT: String(port), PUBLIC_URL: baseUrl }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(baseUrl, child, 60_000, 20);
    const startMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { startMs, idleKiB: readProcStatus(child.pid ?? 0).rssKiB };
  } finally {
    await stopProcess(child);
  }
}

export async function measureStartup(cwd: string, core: number | null, env: NodeJS.ProcessEnv): Promise<StartupFigures[]> {
  const variants = [
    { name: 'tsx apps/server/src/main.ts (sources)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
    { name: 'node apps/server/dist/main.js (compiled)', args: ['apps/server/dist/main.js'] },
  ];
  const figures: StartupFigures[] = [];
  for (const variant of variants) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await startOnce(cwd, core, variant.args, env));
    figures.push({ name: variant.name, startMs: median(runs.map((r) => r.startMs)), idleKiB: median(runs.map((r) => r.idleKiB)) });
  }
  return figures;
}
