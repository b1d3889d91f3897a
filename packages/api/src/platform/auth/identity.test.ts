import type * as crypto from 'node:crypto';
import { randomInt } from 'node:crypto';
import { authAccounts, notificationPreferences, profiles } from '@app/db/schema';
import { AUTH_MESSAGES } from '@app/shared/auth';
import { NOTIFICATION_DEFAULTS } from '@app/shared/constants';
import { generateUsername } from '@app/shared/profiles';
import { AppError } from '../../core/errors.ts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInIdentity, type VerifiedIdentity } from './identity.ts';
import { useTestDatabase } from '../../testing/index.ts';

// The retry suffix comes from randomInt; the tests that need collisions pin it, the others get the real one.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});
/** The mocked randomInt, seen through the one overload identity.ts uses. */
const suffix = vi.mocked(randomInt as (min: number, max: number) => number);

const scene = useTestDatabase();
afterEach(() => {
  vi.useRealTimers();
  suffix.mockReset();
});

let counter = 0;
function identity(overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity {
  counter += 1;
  const email = overrides.email ?? `person${counter}.${Date.now()}@example.com`;
  return { provider: 'dev', providerAccountId: email.toLowerCase(), email, ...overrides };
}

async function profileOf(userId: string) {
  const [row] = await scene.database.db.select().from(profiles).where(eq(profiles.id, userId));
  return row;
}

/** Rows in profiles, auth_accounts and notification_preferences. */
async function totals(): Promise<number[]> {
  const counts = [profiles, authAccounts, notificationPreferences].map(async (table) => {
    const [row] = await scene.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row!.n;
  });
  return Promise.all(counts);
}

async function profilesWithEmail(email: string): Promise<number> {
  const [row] = await scene.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.toLowerCase()));
  return row!.n;
}

/** Fixes Date.now (only Date: the database driver's timers keep running). */
function fixTime(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

/** A profile that owns `username`, as if someone else had signed up with it. */
async function takeUsername(username: string) {
  counter += 1;
  await scene.database.db.insert(profiles).values({ username, email: `owner${counter}.${Date.now()}@example.com` });
}

describe('first sign-in creates the profile (spec section 5)', () => {
  it("builds the username from the e-mail's local part and the last six digits of the time", async () => {
    fixTime(1_732_000_004_321);
    const { userId, created } = await signInIdentity(scene.database.db, identity({ email: ' Jane.Doe+News@Example.COM ' }));
    expect(created).toBe(true);
    const profile = await profileOf(userId);
    expect(profile!.username).toBe('janedoenews_004321');
    expect(profile!.email).toBe('jane.doe+news@example.com');
  });

  it("uses 'user' when nothing of the local part is left", async () => {
    fixTime(1_700_000_123_456);
    const { userId } = await signInIdentity(scene.database.db, identity({ email: '.+-@empty-local.example' }));
    expect((await profileOf(userId))!.username).toBe('user_123456');
  });

  it("falls back to 'New User' and no avatar, and keeps the provider's name and picture otherwise", async () => {
    const bare = await signInIdentity(scene.database.db, identity({ name: '   ' }));
    expect(await profileOf(bare.userId)).toMatchObject({ fullName: 'New User', avatarUrl: null });
    const full = await signInIdentity(scene.database.db, identity({ name: ' Ana Silva ', picture: 'https://images.example/a.png' }));
    expect(await profileOf(full.userId)).toMatchObject({ fullName: 'Ana Silva', avatarUrl: 'https://images.example/a.png' });
  });

  it('creates the notification preferences with their defaults', async () => {
    const { userId } = await signInIdentity(scene.database.db, identity());
    const rows = await scene.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(NOTIFICATION_DEFAULTS);
  });
});

describe('later sign-ins', () => {
  it('return the same user for the same identity and create nothing', async () => {
    const who = identity();
    const first = await signInIdentity(scene.database.db, who);
    const before = await totals();
    const second = await signInIdentity(scene.database.db, { ...who, name: 'Another Name' });
    expect(second).toEqual({ userId: first.userId, created: false });
    expect(await totals()).toEqual(before);
    expect((await profileOf(first.userId))!.fullName).toBe('New User');
  });

  it('link another provider with the same verified e-mail to the same profile', async () => {
    const dev = identity();
    const first = await signInIdentity(scene.database.db, dev);
    const [profilesBefore] = await totals();
    const google = await signInIdentity(scene.database.db, {
      provider: 'google',
      providerAccountId: `google-sub-${counter}`,
      email: dev.email.toUpperCase(),
      name: 'Someone',
    });
    expect(google).toEqual({ userId: first.userId, created: false });
    expect((await totals())[0]).toBe(profilesBefore);
    const links = await scene.database.db.select().from(authAccounts).where(eq(authAccounts.userId, first.userId));
    expect(links.map((l) => l.provider).sort()).toEqual(['dev', 'google']);
    // The Google identity is now linked directly.
    expect(await signInIdentity(scene.database.db, { provider: 'google', providerAccountId: `google-sub-${counter}`, email: 'changed@example.com' })).toEqual({
      userId: first.userId,
      created: false,
    });
  });
});

describe('the local stand-in (provider dev)', () => {
  it('never opens a profile made through Google: refused, nothing linked or created', async () => {
    counter += 1;
    const email = `google.person${counter}.${Date.now()}@example.com`;
    const google = await signInIdentity(scene.database.db, { provider: 'google', providerAccountId: `google-sub-${counter}`, email });
    const before = await totals();
    for (const typed of [email, email.toUpperCase()]) {
      await expect(signInIdentity(scene.database.db, identity({ email: typed }))).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: AUTH_MESSAGES.localSignInRefused,
      });
    }
    expect(await totals()).toEqual(before);
    const links = await scene.database.db.select().from(authAccounts).where(eq(authAccounts.userId, google.userId));
    expect(links.map((l) => l.provider)).toEqual(['google']);
  });

  it('never opens a profile no sign-in of its own made (no dev identity)', async () => {
    counter += 1;
    const email = `seeded${counter}.${Date.now()}@example.com`;
    await scene.database.db.insert(profiles).values({ username: `seeded_${counter}_${Date.now()}`, email });
    await expect(signInIdentity(scene.database.db, identity({ email }))).rejects.toBeInstanceOf(AppError);
    expect(await profilesWithEmail(email)).toBe(1);
  });

  it('still opens the profile it made, also after Google was linked to it', async () => {
    const dev = identity();
    const first = await signInIdentity(scene.database.db, dev);
    await signInIdentity(scene.database.db, { provider: 'google', providerAccountId: `google-sub-linked-${counter}`, email: dev.email });
    expect(await signInIdentity(scene.database.db, dev)).toEqual({ userId: first.userId, created: false });
  });
});

describe('username collisions', () => {
  it('retry with a new six-digit suffix (the unique index ignores case)', async () => {
    const now = 1_732_000_777_001;
    const who = identity({ email: `collide${Date.now()}@example.com` });
    const taken = generateUsername(who.email, now);
    await takeUsername(taken.toUpperCase());
    fixTime(now);
    const { userId, created } = await signInIdentity(scene.database.db, who);
    expect(created).toBe(true);
    const username = (await profileOf(userId))!.username;
    const base = taken.slice(0, -7);
    expect(username).toMatch(new RegExp(`^${base}_\\d{6}$`));
    expect(username).not.toBe(taken);
    expect(suffix).toHaveBeenCalled();
  });

  it('succeed on the fifth attempt after four collisions', async () => {
    const now = 1_732_000_100_000;
    const who = identity({ email: `fourth${Date.now()}@example.com` });
    await takeUsername(generateUsername(who.email, now));
    await takeUsername(generateUsername(who.email, 111_111));
    for (const value of [111_111, 111_111, 111_111, 222_222]) suffix.mockReturnValueOnce(value);
    fixTime(now);
    const { userId, created } = await signInIdentity(scene.database.db, who);
    expect(created).toBe(true);
    expect((await profileOf(userId))!.username).toBe(generateUsername(who.email, 222_222));
  });

  it("give up after five collisions in a row with the spec's message and create nothing", async () => {
    const now = 1_732_000_200_000;
    const who = identity({ email: `unlucky${Date.now()}@example.com` });
    await takeUsername(generateUsername(who.email, now));
    const last = generateUsername(who.email, 333_333);
    await takeUsername(last);
    suffix.mockReturnValue(333_333);
    fixTime(now);
    const before = await totals();

    const error = await signInIdentity(scene.database.db, who).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CONFLICT');
    expect((error as AppError).message).toBe(
      `Failed to create profile. The generated username '${last}' might already be taken. Please try again or contact support.`,
    );
    expect((error as AppError).message).toBe(AUTH_MESSAGES.usernameTaken(last));
    expect(suffix).toHaveBeenCalledTimes(4);
    expect(await totals()).toEqual(before);
    expect(await profilesWithEmail(who.email)).toBe(0);
  });
});

describe('concurrent first sign-ins', () => {
  it('of the same e-mail end with one profile', async () => {
    const email = `racer${Date.now()}@example.com`;
    const attempts = [
      ...Array.from({ length: 4 }, () => ({ provider: 'dev' as const, providerAccountId: email, email })),
      ...Array.from({ length: 4 }, () => ({ provider: 'google' as const, providerAccountId: `sub-${email}`, email: email.toUpperCase() })),
    ];
    const results = await Promise.all(attempts.map((a) => signInIdentity(scene.database.db, a)));
    const ids = new Set(results.map((r) => r.userId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await profilesWithEmail(email)).toBe(1);
    const [userId] = [...ids];
    const prefs = await scene.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId!));
    expect(prefs).toHaveLength(1);
  });
});
