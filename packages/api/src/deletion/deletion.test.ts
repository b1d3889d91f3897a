import { authAccounts, communities, liveEvents, communityMembers, comments, messages, notificationOutbox, posts, profiles, sessions, uploads } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { ACCOUNT_ERASE_DAYS, DELETION_MESSAGES, isErasedUsername } from '@app/shared/deletion';
import { PROFILE_MESSAGES } from '@app/shared/profiles';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_SUBSCRIPTION_TASK } from '../payments/cancellations.ts';
import { sessionTopic } from '../platform/auth/session.ts';
import {
  addTestStaff,
  callerFor,
  createTestCommunity,
  createTestPeople,
  createTestStaff,
  createTestUser,
  createTestWorld,
  payingMember,
  storeTestUpload,
  testStorage,
  type TestPeople,
  type TestStaff,
  useTestDatabase,
} from '../testing/index.ts';
import { eraseClosedAccounts } from './erase.ts';

const scene = useTestDatabase();
let people: TestPeople & TestStaff;
beforeAll(async () => {
  people = { ...(await createTestPeople(scene.database)), ...(await createTestStaff(scene.database)) };
}, 60_000);

const world = async () => addTestStaff(scene.database, await createTestWorld(scene.database, people), people);
const DAY_MS = 86_400_000;

async function usernameOf(userId: string) {
  const [row] = await scene.database.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
  return row!.username;
}

/** A person of their own in the world's community, with a post, a comment, a chat message and an uploaded avatar. */
async function memberWithData() {
  const w = await world();
  const userId = await createTestUser(scene.database, { name: 'Leaving Person' });
  await scene.database.db.insert(communityMembers).values({ communityId: w.community.id, userId, role: 'member', status: 'approved' });
  await scene.database.db.update(communities).set({ membersCount: sql`${communities.membersCount} + 1` }).where(eq(communities.id, w.community.id));
  const [post] = await scene.database.db.insert(posts).values({ communityId: w.community.id, userId, content: 'My last words' }).returning();
  await scene.database.db.insert(comments).values({ postId: w.post.id, userId, content: 'A comment of mine' });
  await callerFor(scene.database, userId).chat.send({ communityId: w.community.id, userId: w.member, text: 'a secret' });
  const avatarKey = `${userId}/avatar.webp`;
  await storeTestUpload(scene.database, userId, 'avatars', avatarKey, Buffer.from('face'), 'image/webp');
  await scene.database.db.update(profiles).set({ avatarUrl: `/uploads/avatars/${avatarKey}`, bio: 'About me', urls: ['https://me.example'] }).where(eq(profiles.id, userId));
  await scene.database.db.insert(sessions).values({ id: `session-${userId}`, userId, expiresAt: new Date(Date.now() + DAY_MS) });
  return { w, userId, post: post!, avatarKey, username: await usernameOf(userId) };
}

const close = (userId: string, username: string) => callerFor(scene.database, userId).deletion.close({ username });

describe('deletion.close (Delete my account)', () => {
  it('refuses a username that is not the caller’s, and changes nothing', async () => {
    const { userId } = await memberWithData();
    await expect(close(userId, 'someone_else')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: DELETION_MESSAGES.usernameMismatch });
    expect((await callerFor(scene.database, userId).deletion.status()).closedAt).toBeNull();
  });

  it('refuses an owner of communities until they are handed over, listing them', async () => {
    const w = await world();
    const status = await callerFor(scene.database, w.owner).deletion.status();
    expect(status.ownedCommunities.map((c) => c.id)).toContain(w.community.id);
    await expect(close(w.owner, await usernameOf(w.owner))).rejects.toMatchObject({ code: 'CONFLICT', message: DELETION_MESSAGES.ownsCommunities });
  });

  it('closes at once: sessions ended and announced, hidden from members, people and profiles, and only restoring is open', async () => {
    const { w, userId, username } = await memberWithData();
    const countOf = async () => (await scene.database.db.select({ n: communities.membersCount }).from(communities).where(eq(communities.id, w.community.id)))[0]!.n;
    const before = await countOf();
    const result = await close(userId, username.toUpperCase());
    expect(result.eraseAt.getTime() - result.closedAt.getTime()).toBe(ACCOUNT_ERASE_DAYS * DAY_MS);
    // Every process signs the session's open sockets out on its topic's event.
    expect(await scene.database.db.$count(liveEvents, and(eq(liveEvents.topic, sessionTopic(`session-${userId}`)), eq(liveEvents.type, 'session.ended')))).toBe(1);
    expect(await scene.database.db.$count(sessions, eq(sessions.userId, userId))).toBe(0);

    const other = callerFor(scene.database, w.member);
    const { approved } = await other.membership.members({ communityId: w.community.id });
    expect(approved.map((m) => m.userId)).not.toContain(userId);
    expect(await countOf()).toBe(before - 1);
    await expect(other.profiles.byUsername({ username })).rejects.toMatchObject({ code: 'NOT_FOUND', message: PROFILE_MESSAGES.userNotFound });
    expect((await other.profiles.list({})).map((p) => p.id)).not.toContain(userId);
    // Nobody can message them.
    await expect(other.chat.send({ communityId: w.community.id, userId, text: 'hello?' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    // Signing in again: the session's user says closed; only status and restore answer.
    const closed = callerFor(scene.database, userId, { closedAt: result.closedAt });
    await expect(closed.posts.list({ communityId: w.community.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: DELETION_MESSAGES.closed });
    await expect(closed.profiles.update({ username, contactEmail: null, bio: null, urls: [], category: null, language: null } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await closed.deletion.status()).toMatchObject({ closedAt: result.closedAt, eraseAt: result.eraseAt });
  });

  it('cancels a paid membership as leaving does (at the end of the month paid) and ends it', async () => {
    const owner = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, owner, { membershipAmountCents: 999 });
    const paying = await payingMember(scene.database, community);
    await close(paying.buyer, await usernameOf(paying.buyer));
    const queued = await scene.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.event, `task:${CANCEL_SUBSCRIPTION_TASK}`), sql`${notificationOutbox.payload}->>'checkoutId' = ${paying.checkout.id}`));
    expect(queued).toMatchObject([{ payload: { mode: 'at_period_end', reason: 'account_closed' } }]);
    expect(await scene.database.db.$count(communityMembers, and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, paying.buyer)))).toBe(0);
  });
});

describe('closing while owners decide about the person', () => {
  it('never deadlocks with role changes in the communities they belong to (each takes the community, then the membership)', async () => {
    const owners = await Promise.all([1, 2, 3, 4].map(() => createTestUser(scene.database)));
    const places = await Promise.all(owners.map((owner) => createTestCommunity(scene.database, owner)));
    for (let round = 0; round < 12; round += 1) {
      const leaver = await createTestUser(scene.database);
      for (const place of places) await callerFor(scene.database, leaver).membership.join({ communityId: place.id });
      const username = await usernameOf(leaver);
      const [closing, ...roles] = await Promise.allSettled([
        close(leaver, username),
        ...places.map((place, i) => callerFor(scene.database, owners[i]!).membership.setRole({ communityId: place.id, userId: leaver, role: 'moderator' })),
      ]);
      expect(closing.status, closing.status === 'rejected' ? String(closing.reason) : '').toBe('fulfilled');
      // A role change before the close holds (the membership is then kept as closed); one after finds no member.
      for (const outcome of roles) {
        if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.noSuchMember });
      }
    }
  });
});

describe('deletion.restore', () => {
  it('reopens a closed account within the 30 days: back in its communities, counted and findable', async () => {
    const { w, userId, username } = await memberWithData();
    const { closedAt } = await close(userId, username);
    await callerFor(scene.database, userId, { closedAt }).deletion.restore();
    const me = callerFor(scene.database, userId);
    expect((await me.deletion.status()).closedAt).toBeNull();
    expect(await me.membership.status({ communityId: w.community.id })).toMatchObject({ status: 'approved' });
    const { approved } = await callerFor(scene.database, w.member).membership.members({ communityId: w.community.id });
    expect(approved.map((m) => m.userId)).toContain(userId);
    expect(await callerFor(scene.database, w.member).profiles.byUsername({ username })).toMatchObject({ id: userId });
    await expect(me.deletion.restore()).rejects.toMatchObject({ code: 'BAD_REQUEST', message: DELETION_MESSAGES.notClosed });
  });
});

describe('the erasure job', () => {
  it('waits 30 days, then erases once: posts and comments stay as a tombstone, messages, files and identities go', async () => {
    const { w, userId, username, post, avatarKey } = await memberWithData();
    const { closedAt } = await close(userId, username);
    const storage = testStorage();

    expect(await eraseClosedAccounts(scene.database, storage, new Date(closedAt.getTime() + (ACCOUNT_ERASE_DAYS - 1) * DAY_MS))).toBe(0);
    expect(await usernameOf(userId)).toBe(username);

    const later = new Date(closedAt.getTime() + ACCOUNT_ERASE_DAYS * DAY_MS + 1);
    expect(await eraseClosedAccounts(scene.database, storage, later)).toBeGreaterThanOrEqual(1);
    // A second run (another process, a retry) finds nothing to do.
    const [again] = await Promise.all([eraseClosedAccounts(scene.database, storage, later)]);
    expect(again).toBe(0);

    const [profile] = await scene.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(isErasedUsername(profile!.username)).toBe(true);
    expect(profile).toMatchObject({ fullName: null, avatarUrl: null, bio: null, urls: [], contactEmail: null });
    expect(profile!.email).not.toContain(username);
    expect(profile!.erasedAt).not.toBeNull();
    expect(await scene.database.db.$count(authAccounts, eq(authAccounts.userId, userId))).toBe(0);
    expect(await scene.database.db.$count(messages, eq(messages.senderId, userId))).toBe(0);
    expect(await scene.database.db.$count(uploads, eq(uploads.userId, userId))).toBe(0);
    expect(await storage.get('avatars', avatarKey)).toBeNull();

    // The post stays, from 'Deleted member' (the web shows the tombstone so).
    const page = await callerFor(scene.database, w.member).posts.byId({ postId: post.id });
    expect(page).toMatchObject({ id: post.id, content: 'My last words' });
    expect(JSON.stringify(page)).toContain(profile!.username);
    expect(await scene.database.db.$count(comments, eq(comments.userId, userId))).toBe(1);
  });

  it('leaves a restored account alone', async () => {
    const { userId, username } = await memberWithData();
    const { closedAt } = await close(userId, username);
    await callerFor(scene.database, userId, { closedAt }).deletion.restore();
    await eraseClosedAccounts(scene.database, testStorage(), new Date(closedAt.getTime() + 40 * DAY_MS));
    expect(await usernameOf(userId)).toBe(username);
  });
});

describe('communities.transferOwnership (Hand over)', () => {
  it('gives the community to an approved member, the old owner becoming an admin, heard live', async () => {
    const w = await world();
    const communityId = w.community.id;
    await callerFor(scene.database, w.owner).communities.transferOwnership({ communityId, userId: w.other });
    const [row] = await scene.database.db.select({ ownerId: communities.ownerId }).from(communities).where(eq(communities.id, communityId));
    expect(row!.ownerId).toBe(w.other);
    expect(await callerFor(scene.database, w.owner).membership.status({ communityId })).toMatchObject({ status: 'approved', role: 'admin' });
    expect(await callerFor(scene.database, w.other).membership.status({ communityId })).toMatchObject({ role: 'owner', can: { own: true } });
    // The old owner owns nothing now and may delete their account.
    expect((await callerFor(scene.database, w.owner).deletion.status()).ownedCommunities.map((c) => c.id)).not.toContain(communityId);
    // Hand it back, for the shared people's other tests.
    await callerFor(scene.database, w.other).communities.transferOwnership({ communityId, userId: w.owner });
  });

  it('refuses anyone but the owner, a pending applicant or a removed person as the new owner, and the owner themselves', async () => {
    const w = await world();
    const communityId = w.community.id;
    await expect(callerFor(scene.database, w.admin).communities.transferOwnership({ communityId, userId: w.admin })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const owner = callerFor(scene.database, w.owner).communities;
    await expect(owner.transferOwnership({ communityId, userId: w.applicant })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: DELETION_MESSAGES.newOwnerNotMember });
    await expect(owner.transferOwnership({ communityId, userId: w.removed })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: DELETION_MESSAGES.newOwnerNotMember });
    await expect(owner.transferOwnership({ communityId, userId: w.owner })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const [row] = await scene.database.db.select({ ownerId: communities.ownerId }).from(communities).where(eq(communities.id, communityId));
    expect(row!.ownerId).toBe(w.owner);
    expect(COMMUNITY_MESSAGES.ownerOnly).toBeTruthy();
  });
});

describe('communities.delete (Delete community)', () => {
  it('deletes the owner’s community when its name is typed, after which they own nothing', async () => {
    const owner = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, owner);
    const as = callerFor(scene.database, owner).communities;
    await expect(as.delete({ communityId: community.id, name: 'Something else' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: DELETION_MESSAGES.communityNameMismatch });
    await as.delete({ communityId: community.id, name: ` ${community.name.toLowerCase()} ` });
    expect(await scene.database.db.$count(communities, eq(communities.id, community.id))).toBe(0);
    expect((await callerFor(scene.database, owner).deletion.status()).ownedCommunities).toEqual([]);
  });

  it('refuses a community that has taken payments: its records stay', async () => {
    const owner = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, owner, { membershipAmountCents: 999 });
    await payingMember(scene.database, community);
    await expect(callerFor(scene.database, owner).communities.delete({ communityId: community.id, name: community.name })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: DELETION_MESSAGES.communityHasPayments,
    });
    expect(await scene.database.db.$count(communities, eq(communities.id, community.id))).toBe(1);
  });
});
