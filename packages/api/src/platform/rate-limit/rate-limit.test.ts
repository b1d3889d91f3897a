import type { AnyProcedure } from '@trpc/server';
import { createDatabase, type Database } from '@app/db';
import { posts, rateLimits } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHousekeeping } from '../jobs/scheduler.ts';
import { appRouter } from '../../root.ts';
import type { Meta } from '../../core/trpc.ts';
import { createRateLimiter, RateLimitedError, type RateLimiter } from './limiter.ts';
import { LONGEST_WINDOW_SECONDS, RATE_LIMITS, type RateLimitName } from './limits.ts';
import { pruneRateLimits } from './prune.ts';
import { hitRateLimit } from './store.ts';
import { callerFor, createTestCommunity, createTestUser, useTestDatabase } from '../../testing/index.ts';

const scene = useTestDatabase();
/** A second pool on the same database: another server process. */
let other: Database;
const quiet = { info: () => undefined, error: () => undefined };
let keys = 0;
const freshKey = () => `test:${++keys}:${Date.now()}`;

beforeAll(async () => {
  other = await scene.otherProcess();
});

describe('the shared counter', () => {
  it('counts hits from every process together and refuses the one over the limit', async () => {
    const key = freshKey();
    const limit = { max: 3, windowSeconds: 60 };
    const results = [];
    for (const pool of [scene.database, other, scene.database, other]) results.push(await hitRateLimit(pool.db, key, limit));
    expect(results.map((r) => [r.allowed, r.hits])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('lets exactly the limit through when hits race from two pools', async () => {
    const key = freshKey();
    const limit = { max: 5, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => hitRateLimit((i % 2 ? other : scene.database).db, key, limit)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('starts a new window once the last one is over', async () => {
    const key = freshKey();
    const limit = { max: 1, windowSeconds: 60 };
    expect((await hitRateLimit(scene.database.db, key, limit)).allowed).toBe(true);
    expect((await hitRateLimit(other.db, key, limit)).allowed).toBe(false);
    // The window began a minute ago.
    await scene.database.db.update(rateLimits).set({ windowStart: sql`now() - interval '61 seconds'` }).where(eq(rateLimits.key, key));
    expect(await hitRateLimit(other.db, key, limit)).toMatchObject({ allowed: true, hits: 1, retryAfterSeconds: 60 });
    expect((await hitRateLimit(scene.database.db, key, limit)).allowed).toBe(false);
  });

  it('really waits a short window out', async () => {
    const key = freshKey();
    const limit = { max: 1, windowSeconds: 1 };
    expect((await hitRateLimit(scene.database.db, key, limit)).allowed).toBe(true);
    const refused = await hitRateLimit(scene.database.db, key, limit);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await hitRateLimit(scene.database.db, key, limit)).allowed).toBe(true);
  });

  it('counts the same way in the embedded database (PGlite)', async () => {
    const embedded = await createDatabase({ kind: 'pglite', dataDir: null });
    try {
      await embedded.migrate();
      const limit = { max: 2, windowSeconds: 60 };
      const allowed = [];
      for (let i = 0; i < 3; i += 1) allowed.push((await hitRateLimit(embedded.db, 'pglite:key', limit)).allowed);
      expect(allowed).toEqual([true, true, false]);
    } finally {
      await embedded.close();
    }
  });

  it('scales limits and takes configured ones as given', () => {
    const limiter = createRateLimiter(scene.database.db, { scale: 0.1, overrides: { 'auth:sign-in': { max: 3 } } });
    expect(limiter.limit('post:create')).toEqual({ max: 3, windowSeconds: 60 });
    expect(limiter.limit('feedback:create')).toEqual({ max: 1, windowSeconds: 3600 });
    expect(limiter.limit('auth:sign-in')).toEqual({ max: 3, windowSeconds: 60 });
  });
});

describe('housekeeping', () => {
  it('deletes counters past every window and keeps fresh ones and the housekeeping leases', async () => {
    const stale = freshKey();
    const fresh = freshKey();
    await scene.database.db.insert(rateLimits).values([
      { key: stale, hits: 9, windowStart: sql`now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS + 60})` },
      { key: fresh, hits: 1 },
      { key: 'housekeeping:old-task', hits: 1, windowStart: sql`now() - interval '2 days'` },
    ]);
    const housekeeping = createHousekeeping(scene.database, [pruneRateLimits], quiet);
    expect(await housekeeping.runNow('rate-limits')).toBeGreaterThanOrEqual(1);
    const left = (await scene.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(left).not.toContain(stale);
    expect(left).toContain(fresh);
    expect(left).toContain('housekeeping:old-task');
    expect(left).toContain('housekeeping:rate-limits');
  });
});

describe('mutations', () => {
  it('every mutation passes through a limit before its input is read: the named one or the default, per procedure', async () => {
    const userId = await createTestUser(scene.database);
    const seen: string[] = [];
    const refuseAll: RateLimiter = {
      limit: (name) => RATE_LIMITS[name],
      hit: () => Promise.reject(new Error('unused')),
      async enforce(name: RateLimitName, subject: string) {
        seen.push(`${name} ${subject}`);
        throw new RateLimitedError(7);
      },
    };
    const caller = callerFor(scene.database, userId, { rateLimiter: refuseAll }) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
    const mutations = procedures.filter(([, procedure]) => procedure._def.type === 'mutation');
    expect(mutations.length).toBeGreaterThan(15);
    for (const [path, procedure] of mutations) {
      const [domain, name] = path.split('.') as [string, string];
      await expect(caller[domain]![name]!({}), path).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { retryAfterSeconds: 7 } });
      const named = (procedure._def.meta as Meta | undefined)?.rateLimit;
      expect(seen.pop(), path).toBe(named ? `${named} ${userId}` : `mutation ${path}:${userId}`);
    }
    // Queries are not counted.
    await caller.profiles!.me!(undefined);
    expect(seen).toEqual([]);
  });

  it('refuses the post over the limit with TOO_MANY_REQUESTS and writes nothing', async () => {
    const owner = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, owner);
    const limiter = createRateLimiter(scene.database.db, { overrides: { 'post:create': { max: 2 } } });
    const as = callerFor(scene.database, owner, { rateLimiter: limiter }).posts;
    await as.create({ communityId: community.id, content: 'one' });
    await as.create({ communityId: community.id, content: 'two' });
    const refusal = as.create({ communityId: community.id, content: 'three' });
    await expect(refusal).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^You're doing that a bit fast\. Please wait \d+ seconds? and try again\.$/) });
    const rows = await scene.database.db.select({ content: posts.content }).from(posts).where(eq(posts.communityId, community.id));
    expect(rows.map((r) => r.content).sort()).toEqual(['one', 'two']);
    const [counter] = await scene.database.db.select().from(rateLimits).where(eq(rateLimits.key, `post:create:${owner}`));
    expect(counter?.hits).toBe(3);
    // Someone else's posts are counted apart.
    const someoneElse = await createTestUser(scene.database);
    const theirs = await createTestCommunity(scene.database, someoneElse);
    await expect(callerFor(scene.database, someoneElse, { rateLimiter: limiter }).posts.create({ communityId: theirs.id, content: 'mine' })).resolves.toMatchObject({ content: 'mine' });
  });
});
