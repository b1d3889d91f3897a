import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { createStorage, type Storage } from '@app/storage';
import type { Session, User } from 'lucia';
import { signInIdentity } from './auth/identity.ts';
import type { Context } from './context.ts';
import { createLiveBus, type LiveBus } from './live/bus.ts';
import { createLocalProvider } from './payments/local.ts';
import type { PaymentsProvider } from './payments/provider.ts';
import { createCaller } from './root.ts';

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

/** The public URL the test callers' local checkout stand-in builds its URLs on. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

const buses = new WeakMap<Database, LiveBus>();
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

export interface CallerOptions {
  storage?: Storage;
  payments?: PaymentsProvider | null;
  live?: LiveBus;
  /** What the caller's session check answers (a subscription ends when it turns false). */
  isSessionActive?: () => Promise<boolean>;
  /** Aborting it ends the caller's subscriptions. */
  signal?: AbortSignal;
}

/** A server-side caller acting as `userId`, or as a signed-out visitor when null. */
export function callerFor(database: Database, userId: string | null, options: CallerOptions = {}) {
  const user: User | null = userId ? { id: userId, username: '', email: '' } : null;
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
    live: options.live ?? testBus(database),
    isSessionActive: options.isSessionActive ?? (async () => session !== null),
  };
  return createCaller(ctx, options.signal ? { signal: options.signal } : {});
}

let communityCounter = 0;
/** A community as communities.create leaves it (the owner an approved member, counted once), rows written directly. */
export async function createTestCommunity(database: Database, ownerId: string, values: Partial<typeof communities.$inferInsert> = {}) {
  communityCounter += 1;
  const [row] = await database.db
    .insert(communities)
    .values({ name: `Test Community ${communityCounter} ${Date.now()}`, ownerId, membersCount: 1, ...values })
    .returning();
  await database.db.insert(communityMembers).values({ communityId: row!.id, userId: ownerId, role: 'owner', status: 'approved' });
  return row!;
}
