import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnPinned } from './processes.ts';

const MEMBERS_LOAD = fileURLToPath(new URL('./members-load.ts', import.meta.url));

export interface LoadOptions {
  /** The autocannon CLI script (node_modules/autocannon/autocannon.js). */
  cli: string;
  url: string;
  connections: number;
  durationSec: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The core to pin the load generator to, or null to run unpinned. */
  core: number | null;
  /** One `Cookie` header per member: each connection is signed in as a member of its own (members-load.ts). */
  cookies?: string[];
}

export interface LoadResult {
  requestsPerSec: number;
  totalRequests: number;
  /** Latency percentiles in ms. autocannon keeps whole milliseconds, so small values are coarse. */
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts (timeouts are counted in errors too). */
  errors: number;
  timeouts: number;
}

/** The subset of autocannon's --json output the bench reads. */
interface AutocannonJson {
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
}

/**
 * Rounds of one scenario (BENCH_ROUNDS), each of the same length, as one result: requests per second
 * and the counts over all of them, latency percentiles the mean of the rounds'.
 */
export function combinedResult(results: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  const mean = (pick: (r: LoadResult) => number) => sum(pick) / Math.max(1, results.length);
  return {
    requestsPerSec: mean((r) => r.requestsPerSec),
    totalRequests: sum((r) => r.totalRequests),
    p50: mean((r) => r.p50),
    p99: mean((r) => r.p99),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

/** Children still running, so an interrupted bench can stop them. */
export const runningLoads = new Set<ChildProcess>();

/**
 * Runs autocannon in its own process (pinned to a core of its own, so the load generator does not
 * compete with the server) and parses its JSON result.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!existsSync(options.cli)) throw new Error(`autocannon is not installed (${options.cli}): run \`npm install\`.`);
  const args = options.cookies ? membersLoadArgs(options, options.cookies) : cliArgs(options);
  const child = spawnPinned(options.core, process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  runningLoads.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // autocannon stops on its own after the duration; this only guards against a hang.
  const killer = setTimeout(() => child.kill('SIGKILL'), (options.durationSec + 30) * 1000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  }).finally(() => {
    clearTimeout(killer);
    runningLoads.delete(child);
  });
  if (code !== 0) throw new Error(`autocannon exited with code ${code}:\n${stderr.trim()}`);

  const line = stdout.trim().split('\n').pop() ?? '';
  let json: AutocannonJson;
  try {
    json = JSON.parse(line) as AutocannonJson;
  } catch {
    throw new Error(`autocannon printed no JSON result:\n${stdout}\n${stderr}`);
  }
  return {
    requestsPerSec: json.requests.average,
    totalRequests: json.requests.total,
    p50: json.latency.p50,
    p99: json.latency.p99,
    non2xx: json.non2xx,
    errors: json.errors,
    timeouts: json.timeouts,
  };
}

/** autocannon's own CLI: every connection sends the same headers. */
function cliArgs(options: LoadOptions): string[] {
  const args = [
    options.cli,
    '--json',
    '--connections',
    String(options.connections),
    '--duration',
    String(options.durationSec),
    '--timeout',
    '10',
    '--method',
    options.method ?? 'GET',
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('--headers', `${name}=${value}`);
  if (options.body !== undefined) args.push('--body', options.body);
  args.push(options.url);
  return args;
}

/** members-load.ts, which gives each connection a member's cookie of its own. */
function membersLoadArgs(options: LoadOptions, cookies: string[]): string[] {
  const { url, connections, durationSec, headers = {}, body } = options;
  return ['--import', 'tsx', MEMBERS_LOAD, JSON.stringify({ url, connections, durationSec, method: options.method ?? 'GET', headers, body, cookies })];
}
