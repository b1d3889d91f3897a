import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { generateKeyringValue } from '@app/api/server';

/**
 * Moves every thread of this process (the bench: its WebSocket clients and the SMTP server standing in
 * for the mail provider) to `core`, off the server's core. Resolves whether it could.
 */
export function pinSelf(core: number): boolean {
  return spawnSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** Whether `taskset` exists and can pin to both cores the bench uses (server on 0, load on 1). */
export function canPin(): boolean {
  for (const core of ['0', '1']) {
    const probe = spawnSync('taskset', ['-c', core, 'true'], { stdio: 'ignore' });
    if (probe.error || probe.status !== 0) return false;
  }
  return true;
}

/**
 * Spawns `command` pinned to `core` with `taskset -c`, which execs the command: the child's pid is
 * the command's own (node), not a wrapper's. With `core` null it runs unpinned.
 */
export function spawnPinned(core: number | null, command: string, args: string[], options: SpawnOptions): ChildProcess {
  return core === null ? spawn(command, args, options) : spawn('taskset', ['-c', String(core), command, ...args], options);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Polls GET /healthz until it answers 200; fails early if the server exits. */
export async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 60_000, pollMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server exited before it was healthy (code ${server.exitCode}, signal ${server.signalCode}).`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`The server was not healthy at ${baseUrl}/healthz within ${timeoutMs / 1000} s.`);
}

/** Fields of /proc/<pid>/status: the process name and its peak and current resident memory in KiB. */
export function readProcStatus(pid: number): { name: string; peakKiB: number; rssKiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (key: string) => status.match(new RegExp(`^${key}:\\s*(.+)$`, 'm'))?.[1]?.trim() ?? '';
  return { name: field('Name'), peakKiB: Number.parseInt(field('VmHWM'), 10), rssKiB: Number.parseInt(field('VmRSS'), 10) };
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. Resolves once it has exited. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Forwards a child's output line by line with a prefix, so server warnings stand out from the table. */
export function prefixOutput(child: ChildProcess, prefix: string): void {
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) sink.write(`${prefix} ${line}\n`);
    });
    stream?.on('end', () => pending && sink.write(`${prefix} ${pending}\n`));
  }
}

/** The share of all CPUs busy over `ms`, from /proc/stat (null where there is none). */
export async function cpuBusy(ms = 1_000): Promise<number | null> {
  const sample = () => {
    try {
      const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
      const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
      return { idle, total: fields.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const before = sample();
  await new Promise((r) => setTimeout(r, ms));
  const after = sample();
  if (!before || !after || after.total === before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/** A process's user + system CPU time in ms (/proc/<pid>/stat, clock ticks of 10 ms); 0 once it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, hence from the last ')'): utime is 14th, stime 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU time in ms of every live process named `name` (all of Postgres's: `postgres`), by pid, so a
 * difference of two readings counts only the processes alive in both (a backend that exits in between
 * takes its time with it).
 */
export function cpuMsByName(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) byPid.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/**
 * The CPU time spent between two readings of cpuMsByName by the processes alive at the second: all
 * of a process's time if it started in between (a Postgres backend of a restarted server, nginx's
 * workers after a reload). What a process that ended in between spent since the first is lost.
 */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += Math.max(0, now - (before.get(pid) ?? 0));
  return ms;
}

interface SpawnedServer {
  /** Where it answers (`PUBLIC_URL`); its port is `PORT` unless `port` is false (a caller that sets each process's own). */
  baseUrl: string;
  port?: false;
  /** Postgres; null or empty for the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir?: string | null;
  logLevel?: string;
  /** This process's environment under it (true), or only its PATH. */
  inherit?: boolean;
  /** The chat key (`CHAT_ENCRYPTION_KEY`), when the caller seeds messages with it; else a new one. */
  chatKey?: string;
}

/**
 * The environment of a server the benches, the load run, Lighthouse and the drain test start: on
 * this computer (`NODE_ENV=test`, so the dev sign-in answers, and no Google credentials, so it is
 * offered), at `baseUrl`, on its database, with a chat key of its own; `extra` adds or overrides.
 */
export function spawnedServerEnv(server: SpawnedServer, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...(server.inherit === false ? { PATH: process.env.PATH } : process.env),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    ...(server.port === false ? {} : { PORT: new URL(server.baseUrl).port }),
    PUBLIC_URL: server.baseUrl,
    DATABASE_URL: server.databaseUrl ?? '',
    ...(server.dataDir ? { DATA_DIR: server.dataDir } : {}),
    CHAT_ENCRYPTION_KEY: server.chatKey ?? generateKeyringValue(),
    LOG_LEVEL: server.logLevel ?? 'warn',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    ...extra,
  };
}
