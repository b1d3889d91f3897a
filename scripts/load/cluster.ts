/**
 * What `npm run load` and `npm run soak` run against: two compiled server processes on one
 * database, and a load balancer in front of them (scripts/load/balancer.ts), each on a free port
 * of 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMsBetween, cpuMsByName, cpuMsOf, freePort, prefixOutput, readProcStatus, spawnedServerEnv, stopProcess, waitForHealth } from '../bench/processes.ts';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { balancerKind, startBalancer, type Balancer } from './balancer.ts';

export interface ServerProcess {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  child: ChildProcess | null;
  /** CPU time in ms (user + system) at the last `sample`, to turn the next one into a share. */
  lastCpuMs: number;
  lastSampleAt: number;
}

/** A process's resident memory and the share of one core it used since the last sample. */
export interface ProcessSample {
  name: string;
  pid: number | null;
  /** NaN for a group of processes (Postgres's backends, the balancer's workers): their memory is not summed. */
  rssMiB: number;
  cpu: number;
  /** For the simulated members' own process: its event loop's p99 delay in ms (high: the members' figures include their own waiting). */
  lagP99Ms?: number;
  /** And its longest delay in ms: one stall of seconds (which the p99 of some thousands of samples hides) delays every call it falls on. */
  lagMaxMs?: number;
}

/** The CPU time of what shares the machine with the servers: Postgres, the balancer and the simulated members themselves. */
interface Neighbours {
  postgres: Map<number, number>;
  balancer: Map<number, number>;
  membersCpuMs: number;
  at: number;
}

/**
 * How long a process told to stop keeps accepting (SHUTDOWN_DELAY_MS) in a load run. The rolling
 * drill takes it out of the balancer first; in the meantime it accepts what was already on its way
 * (a connection waiting in its accept queue, or one the kernel turned away when the queue was full
 * during a reconnect storm, whose client sends again up to a second or two later), which closing
 * the listening socket would reset.
 */
const SHUTDOWN_DELAY_MS = 2_000;

/**
 * The server's settings for a load run. Every member comes from one address (127.0.0.1, through
 * the balancer), so the per-address limits are raised (AUTH_RATE_LIMIT_MAX for the sign-ins,
 * ADDRESS_LIMIT_SCALE for the call budgets and live caps per address); per-person limits stay as
 * in production, as each simulated member is one person. Any of them, and RATE_LIMIT_SCALE, can be
 * set in the environment of `npm run load` instead.
 */
export function loadServerEnv(databaseUrl: string, publicUrl: string): NodeJS.ProcessEnv {
  return spawnedServerEnv(
    { baseUrl: publicUrl, port: false, databaseUrl, logLevel: process.env.LOAD_LOG_LEVEL ?? 'warn' },
    {
      BENCH_ROUTES: '1',
      AUTH_RATE_LIMIT_MAX: process.env.AUTH_RATE_LIMIT_MAX ?? '1000000',
      ADDRESS_LIMIT_SCALE: process.env.ADDRESS_LIMIT_SCALE ?? '1000',
      SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? String(SHUTDOWN_DELAY_MS),
    },
  );
}

function readNeighbours(): Neighbours {
  const own = process.cpuUsage();
  return { postgres: cpuMsByName('postgres'), balancer: cpuMsByName(balancerKind()), membersCpuMs: (own.user + own.system) / 1000, at: Date.now() };
}

export class Cluster {
  readonly servers: ServerProcess[] = [];
  balancerUrl = '';
  balancer: Balancer | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'load-'));
  private neighbours: Neighbours = readNeighbours();
  private readonly membersLag = monitorEventLoopDelay({ resolution: 10 });

  constructor(
    private readonly root: string,
    private readonly env: (publicUrl: string) => NodeJS.ProcessEnv,
  ) {
    this.membersLag.enable();
  }


  async start(count = 2): Promise<void> {
    const balancerPort = await freePort();
    this.balancerUrl = `http://127.0.0.1:${balancerPort}`;
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      this.servers.push({ name: `app${i + 1}`, port, url: `http://127.0.0.1:${port}`, child: null, lastCpuMs: 0, lastSampleAt: 0 });
    }
    await Promise.all(this.servers.map((_, i) => this.startServer(i)));
    const upstreams = this.servers.map((server) => `127.0.0.1:${server.port}`);
    this.balancer = await startBalancer(balancerKind(), this.dir, balancerPort, upstreams);
  }

  async startServer(index: number): Promise<void> {
    const server = this.servers[index]!;
    // LOAD_CPU_PROF=<dir>: each process writes a CPU profile there as it stops (not when killed).
    const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`, `--cpu-prof-name=${server.name}-${Date.now()}.cpuprofile`] : [];
    const child = spawn(process.execPath, [...profile, 'apps/server/dist/main.js'], {
      cwd: this.root,
      env: { ...this.env(this.balancerUrl), PORT: String(server.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixOutput(child, `[${server.name}]`);
    server.child = child;
    // A start on a busy machine (the other process under load) can take a while.
    await waitForHealth(server.url, child, 180_000);
    server.lastCpuMs = cpuMsOf(child.pid!);
    server.lastSampleAt = Date.now();
  }

  /** SIGKILL: the process gets no chance to close anything. */
  async kill(index: number): Promise<void> {
    const child = this.servers[index]!.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.servers[index]!.child = null;
  }

  /** SIGTERM, the graceful shutdown; resolves with the exit code (0: closed within its 10 s). */
  async terminate(index: number): Promise<number | null> {
    const child = this.servers[index]!.child;
    if (!child) return null;
    await stopProcess(child, 20_000);
    this.servers[index]!.child = null;
    return child.exitCode;
  }

  /** The servers' memory and CPU since the last sample, then Postgres's, the balancer's and the members' own CPU. */
  sample(): ProcessSample[] {
    const now = Date.now();
    const servers = this.servers.map((server) => {
      const pid = server.child?.pid ?? null;
      if (pid === null) return { name: server.name, pid, rssMiB: 0, cpu: 0 };
      const cpuMs = cpuMsOf(pid);
      const ms = now - server.lastSampleAt;
      const cpu = ms > 0 ? (cpuMs - server.lastCpuMs) / ms : 0;
      server.lastCpuMs = cpuMs;
      server.lastSampleAt = now;
      return { name: server.name, pid, rssMiB: readProcStatus(pid).rssKiB / 1024, cpu };
    });
    const then = this.neighbours;
    const next = (this.neighbours = readNeighbours());
    const ms = next.at - then.at || 1;
    const lagP99Ms = this.membersLag.percentile(99) / 1e6;
    const lagMaxMs = this.membersLag.max / 1e6;
    this.membersLag.reset();
    return [
      ...servers,
      { name: 'postgres', pid: null, rssMiB: Number.NaN, cpu: cpuMsBetween(then.postgres, next.postgres) / ms },
      { name: balancerKind(), pid: null, rssMiB: Number.NaN, cpu: cpuMsBetween(then.balancer, next.balancer) / ms },
      { name: 'members', pid: process.pid, rssMiB: process.memoryUsage.rss() / 2 ** 20, cpu: (next.membersCpuMs - then.membersCpuMs) / ms, lagP99Ms, lagMaxMs },
    ];
  }

  async stop(): Promise<void> {
    this.membersLag.disable();
    await Promise.all(this.servers.map((server) => (server.child ? stopProcess(server.child) : undefined)));
    if (this.balancer) await stopProcess(this.balancer.child);
    this.balancer = null;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
