import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@app/db';
import { contentTypeOfKey, type BucketName } from '@app/shared/uploads';
import { createStorage, type Storage } from '@app/storage';
import type { Session, User } from 'lucia';
import { signInIdentity } from '../platform/auth/identity.ts';
import type { Context } from '../core/context.ts';
import { generateKeyringValue, parseKeyring, type ChatKeyring } from '../chat/crypto.ts';
import { generateVapidKeys, type WebPushConfig } from '../notifications/web-push.ts';
import { createLiveBus, type LiveBus } from '../platform/live/bus.ts';
import { createLocalProvider } from '../payments/local.ts';
import type { PaymentsProvider } from '../payments/provider.ts';
import type { CallLimits } from '../platform/rate-limit/call-limits.ts';
import { createRateLimiter, type RateLimiter } from '../platform/rate-limit/limiter.ts';
import { RATE_LIMITS } from '../platform/rate-limit/limits.ts';
import { createCaller } from '../root.ts';
import { storeUpload } from '../platform/uploads/service.ts';
import { markListening } from './subscriptions.ts';


let counter = 0;

/** Signs a new person in through the same path as the real sign-in and returns their user id. */
export async function createTestUser(database: Database, overrides: { email?: string; name?: string; picture?: string } = {}) {
  counter += 1;
  const email = overrides.email ?? `person${counter}.${Date.now()}@example.com`;
  const { userId } = await signInIdentity(database.db, {
    provider: 'dev',
    providerAccountId: email.toLowerCase(),
    email,
    name: overrides.name,
    picture: overrides.picture,
  });
  return userId;
}

let defaultStorage: Storage | null = null;
/** A filesystem store in a temporary directory, shared by the callers of one test file. */
export function testStorage(): Storage {
  defaultStorage ??= createStorage({ driver: 'fs', root: mkdtempSync(join(tmpdir(), 'api-storage-')) });
  return defaultStorage;
}

/**
 * Stores a file as if `userId` had uploaded it through the upload route (the object in the test
 * store and its `uploads` record), so procedures accept its key as the caller's own upload.
 */
export async function storeTestUpload(database: Database, userId: string, bucket: BucketName, key: string, body = Buffer.from('file'), contentType = contentTypeOfKey(key) ?? 'application/octet-stream') {
  const storage = testStorage();
  await storage.init();
  const stored = await storeUpload(database.db, storage, { bucket, key, userId, contentType, body }, Number.MAX_SAFE_INTEGER);
  if (!stored.ok) throw new Error(stored.message);
  return key;
}

/** The public URL the test callers' local checkout stand-in builds its URLs on. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

const buses = new WeakMap<Database, LiveBus>();

/** The bus as a subscription started with `signal` sees it: listening tells testSubscription it listens. */
function heardBy(live: LiveBus, signal: AbortSignal | undefined): LiveBus {
  if (!signal) return live;
  return {
    ...live,
    stream(topic, streamSignal) {
      const events = live.stream(topic, streamSignal);
      markListening(signal);
      return events;
    },
    follow(topic, followSignal, listener) {
      live.follow(topic, followSignal, listener);
      markListening(signal);
    },
  };
}
/** One live bus per test database (it LISTENs once started), stopped with `stopTestBus`. */
export function testBus(database: Database): LiveBus {
  let bus = buses.get(database);
  if (!bus) {
    bus = createLiveBus(database);
    buses.set(database, bus);
  }
  return bus;
}

export async function stopTestBus(database: Database): Promise<void> {
  await buses.get(database)?.stop();
  buses.delete(database);
}

/** One pair of VAPID keys per test process. */
export const testWebPush: WebPushConfig = { ...generateVapidKeys(), subject: 'mailto:push@test.invalid' };

/** One chat keyring per test process. */
export const testChatKeys: ChatKeyring = parseKeyring(generateKeyringValue());

export interface CallerOptions {
  storage?: Storage;
  payments?: PaymentsProvider | null;
  live?: LiveBus;
  /** What the caller's session check answers (a subscription ends when it turns false). */
  isSessionActive?: () => Promise<boolean>;
  chatKeys?: ChatKeyring;
  /** Web push's keys; null: pushes off. */
  webPush?: WebPushConfig | null;
  /** The write limits; by default the real ones, counted in the test database. */
  rateLimiter?: RateLimiter;
  /** The budgets and caps of calls from the network; by default none (a server-side caller is nobody's script). */
  callLimits?: CallLimits | null;
  /** Aborting it ends the caller's subscriptions. */
  signal?: AbortSignal;
  /** The caller is a platform admin (ADMIN_EMAILS). */
  admin?: boolean;
  /** The caller's account was closed then ('Delete my account'), as their session's user says after signing in again. */
  closedAt?: Date | null;
}

/** A server-side caller acting as `userId`, or as a signed-out visitor when null. */
export function callerFor(database: Database, userId: string | null, options: CallerOptions = {}) {
  const user: User | null = userId ? { id: userId, username: '', email: '', interfaceLanguage: null, closedAt: options.closedAt ?? null } : null;
  const session: Session | null = userId
    ? { id: `test-${userId}`, userId, expiresAt: new Date(Date.now() + 3_600_000), fresh: false }
    : null;
  const ctx: Context = {
    db: database.db,
    database,
    user,
    session,
    storage: options.storage ?? testStorage(),
    payments: options.payments === undefined ? createLocalProvider(TEST_PUBLIC_URL) : options.payments,
    live: heardBy(options.live ?? testBus(database), options.signal),
    isSessionActive: options.isSessionActive ?? (async () => session !== null),
    chatKeys: options.chatKeys ?? testChatKeys,
    webPush: options.webPush === undefined ? testWebPush : options.webPush,
    rateLimiter: options.rateLimiter ?? createRateLimiter(database.db),
    callLimits: options.callLimits ?? null,
    clientAddress: null,
    socket: null,
    isAdmin: user !== null && options.admin === true,
  };
  return createCaller(ctx, options.signal ? { signal: options.signal } : {});
}

/** A limiter that counts nothing: for fixtures that set a scene through the router, so the calls under test find their limits untouched. */
export const unlimitedRateLimiter: RateLimiter = {
  limit: (name) => RATE_LIMITS[name],
  hit: async () => ({ allowed: true, hits: 1, retryAfterSeconds: 1 }),
  enforce: async () => {},
};
