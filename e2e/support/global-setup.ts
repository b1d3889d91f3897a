import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import type { TestProject } from 'vitest/node';
import { ADMIN_EMAIL, CHROMIUM_PATH } from './env.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eEnabled: boolean;
    /** The app's database, for tests that seed rows directly; null when it runs on PGlite. */
    databaseUrl: string | null;
  }
}

/**
 * Starts the built app on a free port with its own empty database, once for all browser tests.
 * Without Chromium the browser tests say so loudly and are skipped, unless REQUIRE_E2E=1.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    const message = `Chromium is missing at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium'.`;
    if (process.env.REQUIRE_E2E === '1') throw new Error(`${message} REQUIRE_E2E=1 forbids skipping the browser tests.`);
    console.warn(`\n${'!'.repeat(80)}\n!! BROWSER TESTS SKIPPED: ${message}\n${'!'.repeat(80)}\n`);
    project.provide('e2eEnabled', false);
    project.provide('baseUrl', '');
    return;
  }
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('The web app is not built: run `npm run build` first.');

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
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  project.provide('e2eEnabled', true);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', database.url);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
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
  const deadline = Date.now() + 60_000;
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
  throw new Error('The app did not answer /healthz within 60 s');
}
