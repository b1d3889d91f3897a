import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { ADMIN_EMAIL } from './env.ts';

/**
 * The built app on a free port with its own empty database and data folder: the one all browser
 * tests share (global setup), or one of a test's own where what it sees must not depend on other
 * files' rows (the screenshot comparison). Nothing here may call Vitest's `inject`.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedApp {
  baseUrl: string;
  /** The app's database, for tests that seed rows directly; null when it runs on PGlite. */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

export async function startApp(): Promise<StartedApp> {
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '10000',
      // Every person in the browser tests comes from 127.0.0.1, two test files at a time.
      ADDRESS_LIMIT_SCALE: '100',
      // Browser test files run side by side on a busy machine: a member's page is still rendered by
      // the server there (member-pages.test.ts holds it to that), not sent as the shell after 3 s.
      MEMBER_PAGE_TIMEOUT_MS: '20000',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  return {
    baseUrl,
    databaseUrl: database.url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited with code ${server.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGKILL');
  throw new Error('The app did not answer /healthz within 120 s');
}
