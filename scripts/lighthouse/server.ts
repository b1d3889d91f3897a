/**
 * The compiled app as `npm run lighthouse` and `npm run lighthouse:trace` measure it: the server
 * (`apps/server/dist/main.js`, so build first) on a free port with its own throwaway database (one on
 * the Postgres at TEST_DATABASE_URL, or embedded PGlite in a temporary DATA_DIR when none answers).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { freePort, prefixOutput, spawnedServerEnv, spawnPinned, stopProcess, waitForHealth } from '../bench/processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface MeasuredApp {
  baseUrl: string;
  /** Null on PGlite (the member's pages are seeded in SQL on Postgres only). */
  database: TestDatabase | null;
  /** Stops the server and drops its data. */
  stop: () => Promise<void>;
}

/** Throws unless the app has been built. */
export function requireBuild() {
  if (!existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first (npm run build)');
  }
}

export async function startMeasuredApp(): Promise<MeasuredApp> {
  requireBuild();
  let database: TestDatabase | null = await createTestDatabase();
  let dataDir: string | null = null;
  let server: ChildProcess | null = null;
  const stop = async () => {
    if (server) await stopProcess(server).catch((err: unknown) => console.error('Could not stop the server:', err));
    if (database) await database.drop().catch((err: unknown) => console.error('Could not drop the database:', err));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (database.url === null) {
      await database.drop();
      database = null;
      dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
    }
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawnPinned(null, process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      // NODE_ENV=test: the dev sign-in (this computer only) signs the member in. Nothing the server
      // sends a page depends on NODE_ENV.
      env: spawnedServerEnv({ baseUrl, databaseUrl: database?.url ?? null, dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixOutput(server, '[server]');
    await waitForHealth(baseUrl, server);
    return { baseUrl, database, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
