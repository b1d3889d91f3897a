import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@app/db';
import { comments, communities, communityEvents, communityMembers, courseModules, courses, lessons, posts } from '@app/db/schema';
import { contentTypeOfKey, type BucketName } from '@app/shared/uploads';
import { createStorage, type Storage } from '@app/storage';
import type { Session, User } from 'lucia';
import { signInIdentity } from '../platform/auth/identity.ts';
import type { Context } from '../core/context.ts';
import { generateKeyringValue, parseKeyring, type ChatKeyring } from '../chat/crypto.ts';
import { createLiveBus, type LiveBus } from '../platform/live/bus.ts';
import { createLocalProvider } from '../payments/local.ts';
import type { PaymentsProvider } from '../payments/provider.ts';
import { createRateLimiter, type RateLimiter } from '../platform/rate-limit/limiter.ts';
import { RATE_LIMITS } from '../platform/rate-limit/limits.ts';
import { createCaller } from '../root.ts';
import { storeUpload } from '../platform/uploads/service.ts';

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

/** One chat keyring per test process. */
export const testChatKeys: ChatKeyring = parseKeyring(generateKeyringValue());

export interface CallerOptions {
  storage?: Storage;
  payments?: PaymentsProvider | null;
  live?: LiveBus;
  /** What the caller's session check answers (a subscription ends when it turns false). */
  isSessionActive?: () => Promise<boolean>;
  chatKeys?: ChatKeyring;
  /** The write limits; by default the real ones, counted in the test database. */
  rateLimiter?: RateLimiter;
  /** Aborting it ends the caller's subscriptions. */
  signal?: AbortSignal;
  /** The caller is a platform admin (ADMIN_EMAILS). */
  admin?: boolean;
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
    chatKeys: options.chatKeys ?? testChatKeys,
    rateLimiter: options.rateLimiter ?? createRateLimiter(database.db),
    clientAddress: null,
    socket: null,
    isAdmin: user !== null && options.admin === true,
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

/** A limiter that counts nothing: for fixtures that set a scene through the router, so the calls under test find their limits untouched. */
export const unlimitedRateLimiter: RateLimiter = {
  limit: (name) => RATE_LIMITS[name],
  hit: async () => ({ allowed: true, hits: 1, retryAfterSeconds: 1 }),
  enforce: async () => {},
};

/** One person in each standing a community can give: see `createTestWorld`. */
export interface TestPeople {
  owner: string;
  /** Approved members: `member` wrote the post, the comment and the message, to `other`. */
  member: string;
  other: string;
  /** Asked to join the private community; the request is pending. */
  applicant: string;
  /** Was approved, then removed by the owner (membership.remove): banned from rejoining. */
  removed: string;
  /** Signed in, with no tie to the community. */
  stranger: string;
}

export async function createTestPeople(database: Database): Promise<TestPeople> {
  const [owner, member, other, applicant, removed, stranger] = await Promise.all(Array.from({ length: 6 }, () => createTestUser(database)));
  return { owner: owner!, member: member!, other: other!, applicant: applicant!, removed: removed!, stranger: stranger! };
}

/**
 * A private community with `people` in their standings (the applicant's request and the removal go
 * through the router, as in the app), a post and a comment by the member, a message from the
 * member to the other, and a course visible to members with one module of one lesson. The same people can stand in any number of worlds.
 */
export async function createTestWorld(database: Database, people?: TestPeople) {
  const p = people ?? (await createTestPeople(database));
  const community = await createTestCommunity(database, p.owner, { isPrivate: true, membersCount: 4 });
  await database.db.insert(communityMembers).values([
    { communityId: community.id, userId: p.member, role: 'member', status: 'approved' },
    { communityId: community.id, userId: p.other, role: 'member', status: 'approved' },
    { communityId: community.id, userId: p.removed, role: 'member', status: 'approved' },
  ]);
  const as = (userId: string) => callerFor(database, userId, { rateLimiter: unlimitedRateLimiter });
  await as(p.applicant).membership.join({ communityId: community.id });
  await as(p.owner).membership.remove({ communityId: community.id, userId: p.removed });
  const [post] = await database.db.insert(posts).values({ communityId: community.id, userId: p.member, content: 'hello' }).returning();
  const [comment] = await database.db.insert(comments).values({ postId: post!.id, userId: p.member, content: 'first' }).returning();
  const message = await as(p.member).chat.send({ communityId: community.id, userId: p.other, text: 'hi' });
  const [course] = await database.db
    .insert(courses)
    .values({ communityId: community.id, ownerId: p.owner, title: 'Basics', description: 'Start here', isPrivate: false })
    .returning();
  const [courseModule] = await database.db.insert(courseModules).values({ courseId: course!.id, title: 'Week 1', order: 1 }).returning();
  const [lesson] = await database.db.insert(lessons).values({ moduleId: courseModule!.id, title: 'Welcome', order: 1 }).returning();
  const [event] = await database.db
    .insert(communityEvents)
    .values({
      communityId: community.id,
      createdBy: p.owner,
      title: 'Kick-off call',
      description: 'Meet everyone',
      startTimestamp: new Date(Date.now() + 86_400_000),
      endTimestamp: new Date(Date.now() + 90_000_000),
      meetingLink: 'https://meet.example/kick-off',
    })
    .returning();
  return {
    ...p,
    people: p,
    community: { ...community, membersCount: 3 },
    post: post!,
    comment: comment!,
    message,
    course: course!,
    courseModule: courseModule!,
    lesson: lesson!,
    event: event!,
  };
}

export type TestWorld = Awaited<ReturnType<typeof createTestWorld>>;

export interface TestSubscription {
  /** The next event, within `ms` (else the call fails); tracked events come as { id, data }. */
  next(ms?: number): Promise<{ id: string; data: { type: string } & Record<string, unknown> }>;
  /** The next event `matches` accepts, passing over others (e.g. an earlier test's, still on its way), within `ms` in all. */
  nextWhere(matches: (data: { type: string } & Record<string, unknown>) => boolean, ms?: number): Promise<{ id: string; data: { type: string } & Record<string, unknown> }>;
  close(): void;
}

/**
 * Starts a subscription through a server-side caller (`start` gets the signal to pass to callerFor)
 * and hands its events out one at a time.
 */
export async function testSubscription(start: (signal: AbortSignal) => Promise<AsyncIterable<unknown>>): Promise<TestSubscription> {
  const controller = new AbortController();
  const iterable = await start(controller.signal);
  // The server-side caller yields tracked events as tRPC's [id, data, marker] envelopes.
  const iterator = (iterable as AsyncIterable<[string, { type: string } & Record<string, unknown>, symbol]>)[Symbol.asyncIterator]();
  const subscription: TestSubscription = {
    async next(ms = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
      });
      try {
        const result = await Promise.race([iterator.next(), timeout]);
        if (result.done) throw new Error('the subscription ended');
        const [id, data] = result.value;
        return { id, data };
      } finally {
        clearTimeout(timer);
      }
    },
    async nextWhere(matches, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const event = await subscription.next(Math.max(1, deadline - Date.now()));
        if (matches(event.data)) return event;
      }
    },
    close: () => controller.abort(),
  };
  return subscription;
}

/** Lets a fresh subscription's LISTEN settle before events are published. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
