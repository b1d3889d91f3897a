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

describe('SIGTERM (graceful shutdown, a process of its own)', () => {
  it('stops accepting, answers the call in flight, tells sockets to reconnect, and exits cleanly', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: spawnedServerEnv({ baseUrl, databaseUrl: database.url, dataDir, logLevel: 'info' }, { BENCH_ROUTES: '1' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const child = server;
    const events: string[] = [];
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        events.push('exit');
        resolve({ code, signal });
      }),
    );
    await waitForHealth(baseUrl, child);

    // A socket held open, as a member's tab holds one.
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
});
