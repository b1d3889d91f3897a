import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@app/db';
import { createStorage, type Storage } from '@app/storage';
import type { Session, User } from 'lucia';
import { signInIdentity } from './auth/identity.ts';
import type { Context } from './context.ts';
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

/** A server-side caller acting as `userId`, or as a signed-out visitor when null. */
export function callerFor(database: Database, userId: string | null, storage: Storage = testStorage()) {
  const user: User | null = userId ? { id: userId, username: '', email: '' } : null;
  const session: Session | null = userId
    ? { id: `test-${userId}`, userId, expiresAt: new Date(Date.now() + 3_600_000), fresh: false }
    : null;
  const ctx: Context = { db: database.db, database, user, session, storage };
  return createCaller(ctx);
}
