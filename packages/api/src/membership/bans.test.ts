import { communityBans, communityMembers, joinDeclines } from '@app/db/schema';
import { BAN_MESSAGES } from '@app/shared/bans';
import { COMMUNITY_MESSAGES, JOIN_RETRY_DAYS } from '@app/shared/communities';
import { ROLE_MESSAGES } from '@app/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTestStaff, callerFor, createTestCommunity, createTestPeople, createTestStaff, createTestUser, createTestWorld, type TestPeople, type TestStaff, useTestDatabase } from '../testing/index.ts';
import { testSubscription } from '../testing/subscriptions.ts';
import { ban as banPerson } from './service.ts';

const scene = useTestDatabase();
let people: TestPeople & TestStaff;
beforeAll(async () => {
  people = { ...(await createTestPeople(scene.database)), ...(await createTestStaff(scene.database)) };
}, 60_000);

/** A private community with a member, an applicant, a banned person, a moderator and an admin. */
const world = async () => addTestStaff(scene.database, await createTestWorld(scene.database, people), people);
const as = (userId: string) => callerFor(scene.database, userId);
const banned = { code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.banned };

async function banRow(communityId: string, userId: string) {
  const [row] = await scene.database.db
    .select()
    .from(communityBans)
    .where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId)));
  return row ?? null;
}

describe('removing is not banning', () => {
  it('a removed member waits JOIN_RETRY_DAYS, as a declined request does, then may ask again', async () => {
    const owner = await createTestUser(scene.database);
    const member = await createTestUser(scene.database);
    const { id: communityId } = await createTestCommunity(scene.database, owner);
    await as(member).membership.join({ communityId });
    await as(owner).membership.remove({ communityId, userId: member });
    expect(await banRow(communityId, member)).toBeNull();
    const standing = await as(member).membership.status({ communityId });
    expect(standing).toMatchObject({ status: 'removed' });
    expect(Math.round((standing.askAgainAt!.getTime() - Date.now()) / 86_400_000)).toBe(JOIN_RETRY_DAYS);
    await expect(as(member).membership.join({ communityId })).rejects.toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.removedWait(JOIN_RETRY_DAYS) });
    // The wait over (its row dated back), they join again.
    await scene.database.db
      .update(joinDeclines)
      .set({ declinedAt: sql`now() - interval '8 days'` })
      .where(and(eq(joinDeclines.communityId, communityId), eq(joinDeclines.userId, member)));
    expect(await as(member).membership.status({ communityId })).toMatchObject({ status: 'none', askAgainAt: null });
    expect(await as(member).membership.join({ communityId })).toMatchObject({ status: 'approved' });
  });
});

describe('bans', () => {
  it('a moderator bans a member: the membership ends, who, when and why are recorded, and the person can see, join and request nothing', async () => {
    const w = await world();
    const communityId = w.community.id;
    expect(await as(w.moderator).membership.ban({ communityId, userId: w.member, reason: '  Spam links  ' })).toEqual({ membersCount: w.community.membersCount - 1 });
    expect(await banRow(communityId, w.member)).toMatchObject({ bannedBy: w.moderator, reason: 'Spam links' });
    expect(await as(w.member).membership.status({ communityId })).toMatchObject({ status: 'banned', role: null, askAgainAt: null });
    // Nothing of the community for them, each refusal saying why.
    await expect(as(w.member).communities.byName({ name: w.community.name })).rejects.toMatchObject(banned);
    await expect(as(w.member).posts.list({ communityId })).rejects.toMatchObject(banned);
    await expect(as(w.member).posts.byId({ postId: w.post.id })).rejects.toMatchObject(banned);
    await expect(as(w.member).courses.list({ communityId })).rejects.toMatchObject(banned);
    await expect(as(w.member).calendar.byId({ eventId: w.event.id })).rejects.toMatchObject(banned);
    await expect(as(w.member).membership.members({ communityId })).rejects.toMatchObject(banned);
    await expect(as(w.member).membership.join({ communityId })).rejects.toMatchObject(banned);
    // Nor can members message them.
    await expect(as(w.other).chat.send({ communityId, userId: w.member, text: 'still there?' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Others still see the community; the banned person is gone from Discover, for them only.
    expect(await as(w.other).communities.byName({ name: w.community.name })).toMatchObject({ id: communityId });
    const discover = (userId: string) => as(userId).communities.list({ search: w.community.name, limit: 5 });
    expect((await discover(w.member)).items).toEqual([]);
    expect((await discover(w.other)).items.map((c) => c.id)).toEqual([communityId]);
  });

  it('bans an applicant (the request closes) and anyone by id; refuses the owner, oneself, those of equal or higher rank, the banned and nobody', async () => {
    const w = await world();
    const communityId = w.community.id;
    const outranked = { code: 'FORBIDDEN', message: ROLE_MESSAGES.outranked };
    await as(w.moderator).membership.ban({ communityId, userId: w.applicant });
    const [request] = await scene.database.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, w.applicant)));
    expect(request).toBeUndefined();
    await expect(as(w.applicant).membership.join({ communityId })).rejects.toMatchObject(banned);
    // A stranger, by id: kept out before they ever ask.
    await as(w.admin).membership.ban({ communityId, userId: w.stranger, reason: null });
    await expect(as(w.stranger).membership.join({ communityId })).rejects.toMatchObject(banned);
    await expect(as(w.moderator).membership.ban({ communityId, userId: w.owner })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: BAN_MESSAGES.ownerCannotBeBanned });
    await expect(as(w.moderator).membership.ban({ communityId, userId: w.admin })).rejects.toMatchObject(outranked);
    await expect(as(w.moderator).membership.ban({ communityId, userId: w.moderator })).rejects.toMatchObject(outranked);
    await expect(as(w.admin).membership.ban({ communityId, userId: w.stranger })).rejects.toMatchObject({ code: 'CONFLICT', message: BAN_MESSAGES.alreadyBanned });
    await expect(as(w.owner).membership.ban({ communityId, userId: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND', message: BAN_MESSAGES.noSuchPerson });
    await expect(as(w.member).membership.ban({ communityId, userId: w.other })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.moderatorsOnly });
    await expect(as(w.owner).membership.ban({ communityId, userId: w.other, reason: 'x'.repeat(501) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: BAN_MESSAGES.reasonTooLong });
    expect(await banRow(communityId, w.other)).toBeNull();
    // The owner bans an admin.
    await as(w.owner).membership.ban({ communityId, userId: w.admin });
    expect(await as(w.admin).membership.status({ communityId })).toMatchObject({ status: 'banned' });
  });

  it('lists the banned for moderators, newest first, a page at a time, with who banned them and why; unban lets them join at once', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.owner).membership.remove({ communityId, userId: w.other });
    await as(w.moderator).membership.ban({ communityId, userId: w.other, reason: 'Came back to spam' });
    await as(w.moderator).membership.ban({ communityId, userId: w.member });
    const first = await as(w.moderator).membership.bans({ communityId, limit: 2 });
    expect(first.items.map((b) => b.id)).toEqual([w.member, w.other]);
    expect(first.items[1]).toMatchObject({ reason: 'Came back to spam', bannedBy: { id: w.moderator } });
    const rest = await as(w.moderator).membership.bans({ communityId, limit: 2, cursor: first.nextCursor });
    expect(rest).toMatchObject({ items: [{ id: w.removed, bannedBy: { id: w.owner } }], nextCursor: null });
    await expect(as(w.member).membership.bans({ communityId })).rejects.toMatchObject(banned);
    await expect(as(w.other).membership.bans({ communityId })).rejects.toMatchObject(banned);

    // Unbanning lifts the removal's wait too: they ask again at once (a private community: a request).
    await as(w.moderator).membership.unban({ communityId, userId: w.other });
    expect(await as(w.other).membership.status({ communityId })).toMatchObject({ status: 'none', askAgainAt: null });
    expect(await as(w.other).membership.join({ communityId })).toMatchObject({ status: 'pending' });
    await expect(as(w.moderator).membership.unban({ communityId, userId: w.other })).rejects.toMatchObject({ code: 'NOT_FOUND', message: BAN_MESSAGES.notBanned });
    expect((await as(w.owner).membership.bans({ communityId })).items.map((b) => b.id)).toEqual([w.member, w.removed]);
    // The moderation log holds each, with the moderator's reason.
    const log = (await as(w.owner).moderation.log({ communityId })).items.map((line) => [line.action, line.target?.id, line.reason]);
    expect(log.slice(0, 4)).toEqual([
      ['member.unbanned', w.other, null],
      ['member.banned', w.member, null],
      ['member.banned', w.other, 'Came back to spam'],
      ['member.removed', w.other, null],
    ]);
  });

  it('only whoever placed a ban, or someone of their rank or above, lifts it; the list says which the viewer may lift', async () => {
    const w = await world();
    const communityId = w.community.id;
    // The world's removed person was banned by the owner.
    await as(w.admin).membership.ban({ communityId, userId: w.member });
    await as(w.moderator).membership.ban({ communityId, userId: w.other });
    const liftable = async (viewer: string) => Object.fromEntries((await as(viewer).membership.bans({ communityId })).items.map((b) => [b.id, b.canLift]));
    expect(await liftable(w.moderator)).toEqual({ [w.member]: false, [w.other]: true, [w.removed]: false });
    expect(await liftable(w.admin)).toEqual({ [w.member]: true, [w.other]: true, [w.removed]: false });
    expect(await liftable(w.owner)).toEqual({ [w.member]: true, [w.other]: true, [w.removed]: true });

    const above = { code: 'FORBIDDEN', message: BAN_MESSAGES.placedAbove };
    await expect(as(w.moderator).membership.unban({ communityId, userId: w.member })).rejects.toMatchObject(above);
    await expect(as(w.moderator).membership.unban({ communityId, userId: w.removed })).rejects.toMatchObject(above);
    await expect(as(w.admin).membership.unban({ communityId, userId: w.removed })).rejects.toMatchObject(above);
    // Refused, nothing changed.
    expect(await banRow(communityId, w.member)).toMatchObject({ bannedBy: w.admin });
    expect(await banRow(communityId, w.removed)).toMatchObject({ bannedBy: w.owner });

    // The placer's rank now is what counts: the admin stepped down, the moderator may lift their ban.
    await as(w.owner).membership.setRole({ communityId, userId: w.admin, role: 'member' });
    expect((await liftable(w.moderator))[w.member]).toBe(true);
    await as(w.moderator).membership.unban({ communityId, userId: w.member });
    expect(await banRow(communityId, w.member)).toBeNull();
    // A moderator lifts a fellow moderator's ban; the owner lifts their own.
    await as(w.owner).membership.setRole({ communityId, userId: w.admin, role: 'moderator' });
    await as(w.admin).membership.unban({ communityId, userId: w.other });
    await as(w.owner).membership.unban({ communityId, userId: w.removed });
    expect(await as(w.owner).membership.bans({ communityId })).toMatchObject({ items: [] });
  });

  it('the service ban other domains call keeps its arguments and restates who and why on a second call', async () => {
    const w = await world();
    const communityId = w.community.id;
    await scene.database.db.transaction((tx) => banPerson(tx, communityId, w.member, w.owner));
    expect(await banRow(communityId, w.member)).toMatchObject({ bannedBy: w.owner, reason: null });
    await scene.database.db.transaction((tx) => banPerson(tx, communityId, w.member, w.moderator, { reason: 'Harassment' }));
    expect(await banRow(communityId, w.member)).toMatchObject({ bannedBy: w.moderator, reason: 'Harassment' });
    expect(await as(w.member).membership.status({ communityId })).toMatchObject({ status: 'banned' });
  });

  it('live: the banned member’s subscriptions end at once, and moderators’ open lists hear of bans', async () => {
    const w = await world();
    const communityId = w.community.id;
    const theirs = await testSubscription((signal) => callerFor(scene.database, w.member, { signal }).membership.onChange({ communityId }));
    const moderators = await testSubscription((signal) => callerFor(scene.database, w.moderator, { signal }).membership.onChange({ communityId }));
    try {
      // Their subscription ends, refused as the banned are (nothing more reaches them).
      const ended = theirs.nextWhere(() => false).catch((error: unknown) => error);
      const heard = moderators.nextWhere((e) => e.type === 'bans.changed');
      await as(w.admin).membership.ban({ communityId, userId: w.member });
      expect(await ended).toMatchObject({ code: 'FORBIDDEN' });
      expect((await heard).data).toEqual({ type: 'bans.changed' });
    } finally {
      theirs.close();
      moderators.close();
    }
  });
});
