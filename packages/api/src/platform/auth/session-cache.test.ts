import type { Database } from '@app/db';
import { profiles, sessions } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callerFor, countingDb, createTestUser, unlimitedRateLimiter, useTestDatabase } from '../../testing/index.ts';
import { createLiveBus, type LiveBus } from '../live/bus.ts';
import { publish } from '../live/publish.ts';
import { personEventsTopic } from './events.ts';
import { createLucia } from './lucia.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import { sessionTopic } from './session.ts';

const scene = useTestDatabase();
const DAY_MS = 86_400_000;

/** This process's bus and session cache, and another process's pool (its own connections, as app2's). */
let bus: LiveBus;
let cache: SessionCache;
let other: Database;
beforeAll(async () => {
  bus = createLiveBus(scene.database);
  await bus.start();
  // Kept a minute: what a test sees sooner than that, the bus told it.
  cache = createSessionCache(bus, { keepMs: 60_000 });
  other = await scene.otherProcess();
});
afterAll(async () => {
  cache.stop();
  await bus.stop();
});

async function sessionFor(expiresInMs = 20 * DAY_MS) {
  const userId = await createTestUser(scene.database);
  const id = `cached-${userId}`;
  await scene.database.db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + expiresInMs) });
  return { id, userId };
}

/** Lucia as the server sets it up, over a handle that counts its statements. */
function countedLucia() {
  const counted = countingDb(scene.database);
  return { lucia: createLucia(counted.db, { secureCookies: false, sessionDays: 30, cache }), statements: counted.statements };
}

describe("a process's kept sessions", () => {
  it("answer a member's next requests without a statement, as the database would", async () => {
    const { id, userId } = await sessionFor();
    const { lucia, statements } = countedLucia();
    const first = await lucia.validateSession(id);
    const again = await lucia.validateSession(id);
    expect(statements()).toBe(1);
    expect(again).toEqual(first);
    expect(again.user).toMatchObject({ id: userId, closedAt: null });
    // Unkept: an uncached lucia reads the same.
    expect(await createLucia(scene.database.db, { secureCookies: false, sessionDays: 30 }).validateSession(id)).toEqual(first);
  });

  it('forget a session the moment another process ends it (its topic), not a minute later', async () => {
    const { id } = await sessionFor();
    const { lucia } = countedLucia();
    expect((await lucia.validateSession(id)).session).not.toBeNull();
    // What endSession does on another process: the row gone and the end announced, in one transaction.
    await other.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.id, id));
      await publish(tx, sessionTopic(id), { type: 'session.ended' });
    });
    await vi.waitFor(async () => expect(await lucia.validateSession(id)).toEqual({ session: null, user: null }), { timeout: 5_000 });
  });

  it("forget a person's sessions when another process announces that what they carry changed", async () => {
    const { id, userId } = await sessionFor();
    const { lucia } = countedLucia();
    const before = (await lucia.validateSession(id)).user!.username;
    await other.db.transaction(async (tx) => {
      await tx.update(profiles).set({ username: `${before}x` }).where(eq(profiles.id, userId));
      await publish(tx, personEventsTopic(userId), { type: 'person.changed' });
    });
    await vi.waitFor(async () => expect((await lucia.validateSession(id)).user?.username).toBe(`${before}x`), { timeout: 5_000 });
  });

  it('see a username change, an interface language and a restored account at once in the process that made them', async () => {
    const { id, userId } = await sessionFor();
    const { lucia } = countedLucia();
    await scene.database.db.update(profiles).set({ closedAt: new Date() }).where(eq(profiles.id, userId));
    expect((await lucia.validateSession(id)).user?.closedAt).toBeInstanceOf(Date);

    const as = callerFor(scene.database, userId, { closedAt: new Date(), rateLimiter: unlimitedRateLimiter });
    await as.deletion.restore();
    expect((await lucia.validateSession(id)).user?.closedAt).toBeNull();

    const [me] = await scene.database.db.select().from(profiles).where(eq(profiles.id, userId));
    await callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter }).profiles.update({
      username: `${me!.username}2`,
      contactEmail: me!.contactEmail ?? '',
      bio: me!.bio ?? '',
      urls: me!.urls,
      category: null,
      language: null,
      avatarUrl: me!.avatarUrl,
    });
    expect((await lucia.validateSession(id)).user?.username).toBe(`${me!.username}2`);
  });

  it('keep the renewed expiry of a session lucia renews (a kept session always has more than half its life left)', async () => {
    const renewed = await sessionFor(10 * DAY_MS);
    const { lucia, statements } = countedLucia();
    expect((await lucia.validateSession(renewed.id)).session?.fresh).toBe(true);
    // Renewed once, in the database and in the kept row: the next request neither renews nor reads.
    const read = statements();
    expect((await lucia.validateSession(renewed.id)).session?.fresh).toBe(false);
    expect(statements()).toBe(read);
  });

  it('do not keep a row read while something was forgotten: it may predate the change', async () => {
    const { id, userId } = await sessionFor();
    let loads = 0;
    const row = { id, userId, expiresAt: new Date(Date.now() + DAY_MS), username: 'u', email: 'e@example.com', interfaceLanguage: null, closedAt: null };
    await cache.read(id, async () => {
      loads += 1;
      cache.forgetPerson(userId);
      return row;
    });
    await cache.read(id, async () => (loads += 1, row));
    await cache.read(id, async () => (loads += 1, row));
    expect(loads).toBe(2);
  });
});
