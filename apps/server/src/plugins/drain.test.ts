import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, spawnedServerEnv, waitForHealth } from '../../../../scripts/bench/processes.ts';
import { RECONNECT_MESSAGE } from './drain.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const HOLD_MS = 1_500;

let database: TestDatabase;
let dataDir: string;
let server: ChildProcess | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'drain-data-'));
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the first line of the child's output that contains `text`. */
function outputLine(child: ChildProcess, text: string): Promise<string> {
  return new Promise((resolve) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const line = seen.split('\n').find((l) => l.includes(text));
      if (line) resolve(line);
    });
  });
}

/** The server from its sources in a process of its own, healthy; `exited` resolves with how it ended, and pushes 'exit' to `events`. */
async function startServer(extraEnv: Record<string, string>, events: string[]) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: spawnedServerEnv({ baseUrl, databaseUrl: database.url, dataDir, logLevel: 'info' }, { BENCH_ROUTES: '1', ...extraEnv }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const child = server;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      events.push('exit');
      resolve({ code, signal });
    }),
  );
  await waitForHealth(baseUrl, child);
  return { child, port, baseUrl, exited };
}

/** A socket held open, as a member's tab holds one; `told` resolves when it is told to reconnect (in an object: awaiting the socket's opening must not wait for it). */
async function openSocket(port: number, baseUrl: string, events: string[]) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc`, { headers: { Origin: baseUrl } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const told = new Promise<void>((resolve) =>
    socket.on('message', (data: Buffer) => {
      if (data.toString('utf8') !== RECONNECT_MESSAGE) return;
      events.push('told to reconnect');
      resolve();
    }),
  );
  socket.once('close', () => events.push('socket closed'));
  return { told };
}

describe('SIGTERM (graceful shutdown, a process of its own)', () => {
  it('stops accepting, answers the call in flight, tells sockets to reconnect, and exits cleanly', async () => {
    const events: string[] = [];
    const { child, port, baseUrl, exited } = await startServer({}, events);
    const { told } = await openSocket(port, baseUrl, events);

    // A slow call reaches the server (its log says so), then SIGTERM.
    const started = outputLine(child, '/api/bench/hold/');
    const call = fetch(`${baseUrl}/api/bench/hold/${HOLD_MS}`).then(async (res) => {
      events.push('call answered');
      return { status: res.status, body: (await res.json()) as unknown };
    });
    await started;
    child.kill('SIGTERM');

    await told;
    // Told to go: no new connection is accepted any more (the balancer sends it to another process).
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();

    expect(await call).toEqual({ status: 200, body: { held: HOLD_MS } });
    // close-with-grace exits 0 when closing finished within its 10 s, 1 when it gave up.
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(events).toEqual(['told to reconnect', 'call answered', 'socket closed', 'exit']);
  });

  it('with SHUTDOWN_DELAY_MS, answers /healthz 503 and still serves every call for that long, then closes as above', async () => {
    // Long, so the calls below land inside it on a busy machine too; with the socket's 3 s to leave,
    // still well inside close-with-grace's 10 s.
    const delayMs = 4_000;
    const events: string[] = [];
    const { child, port, baseUrl, exited } = await startServer({ SHUTDOWN_DELAY_MS: String(delayMs) }, events);
    const { told } = await openSocket(port, baseUrl, events);
    const closing = outputLine(child, 'shutting down');
    child.kill('SIGTERM');
    await closing;

    // The balancer's health check sees the process leaving, while calls (new connections too) are still answered.
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, draining: true });
    const during = await fetch(`${baseUrl}/api/bench/hold/1`, { headers: { connection: 'close' } });
    expect(during.status).toBe(200);
    expect(await during.json()).toEqual({ held: 1 });
    // A call answered while leaving closes its kept-alive connection after the answer.
    expect(during.headers.get('connection')).toBe('close');
    events.push('served while leaving');

    await told;
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(events).toEqual(['served while leaving', 'told to reconnect', 'socket closed', 'exit']);
  });
});
