/**
 * Shared helpers for the server's integration tests: a throwaway database, the app built on it,
 * sign-in through the real dev route, and small readers for cookies and tRPC responses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppRouter } from '@app/api';
import { generateKeyringValue } from '@app/api/server';
import type { Database } from '@app/db';
import { communities, communityMembers, profiles, sessions } from '@app/db/schema';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import superjson from 'superjson';
import WebSocket from 'ws';

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

let emailCounter = 0;
/** A fresh e-mail address per call, so tests never share a person by accident. */
export function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${process.pid}.${Date.now()}@example.com`;
}

/** The `session` cookie a response sets, or undefined when it sets none. */
export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'session');
}

/** The raw Set-Cookie line for `name`, for checking attributes exactly as the browser sees them. */
export function setCookieLine(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** Signs in through POST /auth/dev/sign-in and returns the cookie header value `session=…`. */
export async function signIn(
  app: FastifyInstance,
  email: string = uniqueEmail(),
  options: { cookie?: string; name?: string } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/dev/sign-in',
    payload: { email, ...(options.name ? { name: options.name } : {}) },
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie?.value).toBeTruthy();
  return `session=${cookie!.value}`;
}

/** The session id inside a `session=…` cookie string. */
export function sessionIdOf(cookie: string): string {
  return cookie.slice('session='.length);
}

/** GET /trpc/profiles.me over HTTP; `data` is the superjson `json` part of the result. */
export async function fetchMe(app: FastifyInstance, cookie?: string) {
  const res = await app.inject({ method: 'GET', url: '/trpc/profiles.me', headers: cookie ? { cookie } : {} });
  const body = res.json() as { result?: { data?: { json?: unknown } } };
  return { res, status: res.statusCode, data: body.result?.data?.json as { id: string; username: string; email: string } | null };
}

export async function countProfiles(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  return row!.n;
}

export async function profileByEmail(database: Database, email: string) {
  const [row] = await database.db.select().from(profiles).where(eq(sql`lower(${profiles.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function sessionRow(database: Database, id: string) {
  const [row] = await database.db.select().from(sessions).where(eq(sessions.id, id));
  return row ?? null;
}

export async function setSessionExpiry(database: Database, id: string, expiresAt: Date): Promise<void> {
  await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export type WebSocketAttempt = { outcome: 'open' } | { outcome: 'refused'; status: number; closedByServer: boolean };

/**
 * Opens a WebSocket with the given Origin: 'open' when accepted, else the HTTP status of the
 * refusal and whether the server then closed the connection itself (within a second), as it must:
 * nothing else ever closes a socket that came in as an upgrade.
 */
export function tryWebSocket(url: string, origin: string): Promise<WebSocketAttempt> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Origin: origin } });
    socket.on('open', () => {
      socket.close();
      resolve({ outcome: 'open' });
    });
    socket.on('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      const timer = setTimeout(() => {
        socket.terminate();
        resolve({ outcome: 'refused', status, closedByServer: false });
      }, 1000);
      res.socket.once('close', () => {
        clearTimeout(timer);
        resolve({ outcome: 'refused', status, closedByServer: true });
      });
      res.resume();
    });
    socket.on('error', reject);
  });
}

/** The listening app's WebSocket URL (`app.listen` first). */
export function wsUrlOf(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/trpc`;
}

/** A tRPC client sending every call over one WebSocket to `app`, with `cookie` and our Origin like a browser. */
export function wsTrpcClient(app: FastifyInstance, cookie?: string) {
  class BrowserLikeWebSocket extends WebSocket {
    constructor(url: string | URL) {
      super(url, { headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) } });
    }
  }
  const ws = createWSClient({ url: wsUrlOf(app), WebSocket: BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket });
  return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] }), close: () => ws.close() };
}

/** A signed-in owner, member and stranger, and the owner's free community with the member in it. */
export async function ownerMemberStranger(server: ServerFixture, name: string) {
  const [ownerCookie, memberCookie, strangerCookie] = [await signIn(server.app), await signIn(server.app), await signIn(server.app)];
  const owner = (await fetchMe(server.app, ownerCookie)).data!.id;
  const member = (await fetchMe(server.app, memberCookie)).data!.id;
  const [row] = await server.database.db.insert(communities).values({ name: `${name} ${Date.now()}`, ownerId: owner, membersCount: 2 }).returning({ id: communities.id });
  await server.database.db.insert(communityMembers).values([
    { communityId: row!.id, userId: owner, role: 'owner', status: 'approved' },
    { communityId: row!.id, userId: member, role: 'member', status: 'approved' },
  ]);
  return { ownerCookie, memberCookie, strangerCookie, communityId: row!.id };
}
