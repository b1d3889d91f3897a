import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyringValue } from '@app/api/server';
import type { Database } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';

export const PUBLIC_URL = 'http://localhost:3000';
export const EVIL_ORIGIN = 'https://evil.example';
export const SESSION_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;
const TEST_CHAT_KEY = generateKeyringValue();

/**
 * Builds the app on `database` with a test configuration; `env` overrides it. The environment of
 * the test process is never read, so a developer's .env cannot change the outcome.
 */
export async function buildTestApp(database: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    SESSION_DAYS: String(SESSION_DAYS),
    // High enough that only the rate-limit test, which sets its own, ever meets the limit.
    AUTH_RATE_LIMIT_MAX: '10000',
    LOG_LEVEL: 'silent',
    // Uploads (the filesystem store) go to a temporary directory, never the developer's .data.
    DATA_DIR: testDataDir(),
    // Production refuses to start without one; every app of a test process shares it.
    CHAT_ENCRYPTION_KEY: TEST_CHAT_KEY,
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

let dataDir: string | null = null;
/** One temporary DATA_DIR per test file (process), removed when it exits. */
export function testDataDir(): string {
  if (!dataDir) {
    const dir = mkdtempSync(join(tmpdir(), 'server-data-'));
    dataDir = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return dataDir;
}

export interface ServerFixture {
  readonly database: TestDatabase;
  readonly app: FastifyInstance;
  /** The built web app stand-in: a directory holding only index.html. */
  readonly webDist: string;
  /** Another app on the same database with other settings; closed with the fixture. */
  extraApp(env?: Record<string, string>): Promise<FastifyInstance>;
}

/**
 * Registers beforeAll/afterAll that create a database and an app, and close and drop them after.
 * `env` may be a function, read in beforeAll (after hooks registered earlier, such as a mock server's).
 */
export function useServer(env: Record<string, string> | (() => Record<string, string>) = {}): ServerFixture {
  const settings = () => (typeof env === 'function' ? env() : env);
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let webDist: string | undefined;
  const extras: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    app = await buildTestApp(database, { WEB_DIST: webDist, ...settings() });
  });

  afterAll(async () => {
    for (const extra of extras) await extra.close();
    await app?.close();
    await database?.drop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: use it inside a test or hook`);
    return value;
  };
  return {
    get database() {
      return need(database, 'database');
    },
    get app() {
      return need(app, 'app');
    },
    get webDist() {
      return need(webDist, 'webDist');
    },
    async extraApp(extraEnv = {}) {
      const extra = await buildTestApp(need(database, 'database'), { WEB_DIST: need(webDist, 'webDist'), ...settings(), ...extraEnv });
      extras.push(extra);
      return extra;
    },
  };
}
