import { communities, communityMembers, joinDeclines, notificationPreferences, profiles } from '@app/db/schema';
import { COMMUNITY_MESSAGES, JOIN_RETRY_DAYS, MEMBER_PAGE_MAX, MEMBER_PAGE_SIZE, PENDING_SHOWN_MAX } from '@app/shared/communities';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestCommunity, createTestUser, testSubscription, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

const community = async (ownerId: string, values: Parameters<typeof createTestCommunity>[2] = {}) => (await createTestCommunity(scene.database, ownerId, values)).id;

/** members_count and the number of approved rows, which must always agree. */
async function counts(communityId: string) {
  const [row] = await scene.database.db.select({ membersCount: communities.membersCount }).from(communities).where(eq(communities.id, communityId));
  const approved = await scene.database.db.$count(communityMembers, and(eq(communityMembers.communityId, communityId), eq(communityMembers.status, 'approved')));
  return { membersCount: row!.membersCount, approved };
}

describe('joining', () => {
  it('admits to a free public community at once; status follows; joining twice is refused', async () => {
    const owner = await createTestUser(scene.database);
    const person = await createTestUser(scene.database);
    const id = await community(owner);
    expect(await callerFor(scene.database, person).membership.status({ communityId: id })).toMatchObject({ status: 'none', role: null });
    expect(await callerFor(scene.database, person).membership.join({ communityId: id })).toEqual({ status: 'approved', membersCount: 2 });
    expect(await callerFor(scene.database, person).membership.status({ communityId: id })).toMatchObject({ status: 'approved', role: 'member' });
    expect(await callerFor(scene.database, owner).membership.status({ communityId: id })).toMatchObject({ status: 'approved', role: 'owner' });
    expect(await callerFor(scene.database, null).membership.status({ communityId: id })).toMatchObject({ status: 'none', role: null });
    await expect(callerFor(scene.database, person).membership.join({ communityId: id })).rejects.toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.alreadyMember });
    await expect(callerFor(scene.database, owner).membership.join({ communityId: id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(callerFor(scene.database, null).membership.join({ communityId: id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await counts(id)).toEqual({ membersCount: 2, approved: 2 });
  });

  it("tells the standing by the name in a page's address too, case-insensitively, as by id; never the partners' forum", async () => {
    const owner = await createTestUser(scene.database);
    const person = await createTestUser(scene.database);
    const row = await createTestCommunity(scene.database, owner);
    const byName = (userId: string | null, name = row.name.toUpperCase()) => callerFor(scene.database, userId).membership.status({ name });
    expect(await byName(null)).toMatchObject({ status: 'none', role: null });
    expect(await byName(person)).toMatchObject({ status: 'none', role: null });
    await callerFor(scene.database, person).membership.join({ communityId: row.id });
    expect(await byName(person)).toMatchObject({ status: 'approved', role: 'member' });
    expect(await byName(owner)).toMatchObject({ status: 'approved', role: 'owner' });
    await expect(byName(person, `${row.name} and more`)).rejects.toMatchObject({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
    await scene.database.db.update(communities).set({ isForum: true }).where(eq(communities.id, row.id));
    await expect(byName(owner)).rejects.toMatchObject({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
    expect(await callerFor(scene.database, owner).membership.status({ communityId: row.id })).toMatchObject({ status: 'approved', role: 'owner' });
    await expect(callerFor(scene.database, owner).membership.status({ name: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(callerFor(scene.database, owner).membership.status({})).rejects.toMatchObject({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.notFound });
    await expect(callerFor(scene.database, owner).membership.status({ communityId: row.id, name: row.name })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps exactly 5 approved members when 20 people join a 5-seat community at once', async () => {
    const owner = await createTestUser(scene.database);
    const id = await community(owner, { availableSeats: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => createTestUser(scene.database)));
    const results = await Promise.allSettled(people.map((person) => callerFor(scene.database, person).membership.join({ communityId: id })));
    const admitted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // The owner holds one of the 5 seats.
    expect(admitted).toHaveLength(4);
    expect(refused).toHaveLength(16);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.noSeats });
    expect(await counts(id)).toEqual({ membersCount: 5, approved: 5 });
  });

  it('refuses a full community with the spec text, and sends paid ones to checkout', async () => {
    const owner = await createTestUser(scene.database);
    const person = await createTestUser(scene.database);
    const full = await community(owner, { availableSeats: 1 });
    await expect(callerFor(scene.database, person).membership.join({ communityId: full })).rejects.toMatchObject({ message: 'No available seats in this community.' });
    const paid = await community(owner, { membershipAmountCents: 999 });
    await expect(callerFor(scene.database, person).membership.join({ communityId: paid })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(await counts(paid)).toEqual({ membersCount: 1, approved: 1 });
  });

  it('records a pending request for a private community, which the owner accepts or declines', async () => {
    const owner = await createTestUser(scene.database);
    const asker = await createTestUser(scene.database);
    const other = await createTestUser(scene.database);
    const id = await community(owner, { isPrivate: true });
    expect(await callerFor(scene.database, asker).membership.join({ communityId: id })).toEqual({ status: 'pending', membersCount: 1 });
    await expect(callerFor(scene.database, asker).membership.join({ communityId: id })).rejects.toMatchObject({ message: COMMUNITY_MESSAGES.alreadyPending });
    await callerFor(scene.database, other).membership.join({ communityId: id });
    // A pending person is not a member yet.
    await expect(callerFor(scene.database, asker).membership.members({ communityId: id })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const before = await callerFor(scene.database, owner).membership.members({ communityId: id });
    expect(before.pending.map((m) => m.userId).sort()).toEqual([asker, other].sort());
    expect(await callerFor(scene.database, owner).membership.approve({ communityId: id, userId: asker })).toEqual({ membersCount: 2 });
    await callerFor(scene.database, owner).membership.decline({ communityId: id, userId: other });
    const after = await callerFor(scene.database, owner).membership.members({ communityId: id });
    expect(after.pending).toEqual([]);
    expect(after.approved.map((m) => m.userId)).toEqual([asker, owner]);
    expect(await callerFor(scene.database, other).membership.status({ communityId: id })).toMatchObject({ status: 'declined', role: null });
    await expect(callerFor(scene.database, owner).membership.approve({ communityId: id, userId: asker })).rejects.toMatchObject({ message: COMMUNITY_MESSAGES.noSuchRequest });
    expect(await counts(id)).toEqual({ membersCount: 2, approved: 2 });
  });

  it(`makes a declined person wait ${JOIN_RETRY_DAYS} days before asking again, saying when; then they may`, async () => {
    const owner = await createTestUser(scene.database);
    const asker = await createTestUser(scene.database);
    const id = await community(owner, { isPrivate: true });
    await callerFor(scene.database, asker).membership.join({ communityId: id });
    const before = Date.now();
    await callerFor(scene.database, owner).membership.decline({ communityId: id, userId: asker });
    const declined = await callerFor(scene.database, asker).membership.status({ communityId: id });
    expect(declined).toMatchObject({ status: 'declined', role: null });
    expect(declined.askAgainAt!.getTime() - before).toBeGreaterThanOrEqual(JOIN_RETRY_DAYS * 86_400_000 - 1_000);
    expect(declined.askAgainAt!.getTime() - before).toBeLessThan(JOIN_RETRY_DAYS * 86_400_000 + 60_000);
    await expect(callerFor(scene.database, asker).membership.join({ communityId: id })).rejects.toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.declinedWait(JOIN_RETRY_DAYS) });
    expect(await counts(id)).toEqual({ membersCount: 1, approved: 1 });

    // Six and a half days on: one day left, said as 'tomorrow'.
    await scene.database.db.update(joinDeclines).set({ declinedAt: sql`now() - interval '6 days 12 hours'` }).where(eq(joinDeclines.userId, asker));
    await expect(callerFor(scene.database, asker).membership.join({ communityId: id })).rejects.toMatchObject({ message: COMMUNITY_MESSAGES.declinedWait(1) });
    // The wait over, they are someone who may ask, and do.
    await scene.database.db.update(joinDeclines).set({ declinedAt: sql`now() - interval '7 days 1 minute'` }).where(eq(joinDeclines.userId, asker));
    expect(await callerFor(scene.database, asker).membership.status({ communityId: id })).toMatchObject({ status: 'none', askAgainAt: null });
    expect(await callerFor(scene.database, asker).membership.join({ communityId: id })).toEqual({ status: 'pending', membersCount: 1 });
  });

  it("tells the applicant's open page of the decision even when their bell keeps nothing", async () => {
    const owner = await createTestUser(scene.database);
    const [accepted, declined] = [await createTestUser(scene.database), await createTestUser(scene.database)];
    const id = await community(owner, { isPrivate: true });
    for (const person of [accepted, declined]) {
      await scene.database.db.update(notificationPreferences).set({ notifyMeAbout: 'nothing' }).where(eq(notificationPreferences.userId, person));
      await callerFor(scene.database, person).membership.join({ communityId: id });
    }
    for (const [person, decide] of [
      [accepted, 'approve'],
      [declined, 'decline'],
    ] as const) {
      const stream = await testSubscription((signal) => callerFor(scene.database, person, { signal }).notifications.onChange({}));
      try {
        const heard = stream.next();
        await callerFor(scene.database, owner).membership[decide]({ communityId: id, userId: person });
        expect((await heard).data).toEqual({ type: 'notifications.changed' });
      } finally {
        stream.close();
      }
    }
  });

  it('an accepted request still respects the seat cap', async () => {
    const owner = await createTestUser(scene.database);
    const asker = await createTestUser(scene.database);
    const id = await community(owner, { isPrivate: true, availableSeats: 2 });
    await callerFor(scene.database, asker).membership.join({ communityId: id });
    await scene.database.db.update(communities).set({ availableSeats: 1 }).where(eq(communities.id, id));
    await expect(callerFor(scene.database, owner).membership.approve({ communityId: id, userId: asker })).rejects.toMatchObject({ message: COMMUNITY_MESSAGES.noSeats });
    expect(await callerFor(scene.database, asker).membership.status({ communityId: id })).toMatchObject({ status: 'pending', role: 'member' });
  });
});

describe('owner-only and member-only procedures', () => {
  it('refuse a plain member and a stranger, changing nothing', async () => {
    const owner = await createTestUser(scene.database);
    const member = await createTestUser(scene.database);
    const asker = await createTestUser(scene.database);
    const stranger = await createTestUser(scene.database);
    const id = await community(owner, { isPrivate: true });
    await callerFor(scene.database, asker).membership.join({ communityId: id });
    await callerFor(scene.database, owner).membership.approve({ communityId: id, userId: asker });
    await scene.database.db.insert(communityMembers).values({ communityId: id, userId: member, role: 'member', status: 'approved' });
    await scene.database.db.update(communities).set({ membersCount: 3 }).where(eq(communities.id, id));
    const pendingPerson = await createTestUser(scene.database);
    await callerFor(scene.database, pendingPerson).membership.join({ communityId: id });

    for (const who of [member, stranger]) {
      const caller = callerFor(scene.database, who);
      await expect(caller.membership.approve({ communityId: id, userId: pendingPerson })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(caller.membership.decline({ communityId: id, userId: pendingPerson })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(caller.membership.remove({ communityId: id, userId: asker })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(callerFor(scene.database, stranger).membership.members({ communityId: id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly });
    await expect(callerFor(scene.database, null).membership.members({ communityId: id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // A plain member sees the members but not the pending requests.
    const seen = await callerFor(scene.database, member).membership.members({ communityId: id });
    expect(seen.approved).toHaveLength(3);
    expect(seen.pending).toEqual([]);
    expect(await counts(id)).toEqual({ membersCount: 3, approved: 3 });
    expect(await callerFor(scene.database, pendingPerson).membership.status({ communityId: id })).toMatchObject({ status: 'pending' });
  });

  it('the owner removes a member; members leave; the owner can neither leave nor be removed', async () => {
    const owner = await createTestUser(scene.database);
    const a = await createTestUser(scene.database);
    const b = await createTestUser(scene.database);
    const id = await community(owner);
    await callerFor(scene.database, a).membership.join({ communityId: id });
    await callerFor(scene.database, b).membership.join({ communityId: id });
    expect(await callerFor(scene.database, owner).membership.remove({ communityId: id, userId: a })).toEqual({ membersCount: 2 });
    await expect(callerFor(scene.database, owner).membership.remove({ communityId: id, userId: a })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await callerFor(scene.database, b).membership.leave({ communityId: id })).toEqual({ membersCount: 1 });
    await expect(callerFor(scene.database, owner).membership.leave({ communityId: id })).rejects.toMatchObject({ message: COMMUNITY_MESSAGES.ownerCannotLeave });
    await expect(callerFor(scene.database, owner).membership.remove({ communityId: id, userId: owner })).rejects.toMatchObject({
      message: COMMUNITY_MESSAGES.ownerCannotBeRemoved,
    });
    expect(await counts(id)).toEqual({ membersCount: 1, approved: 1 });
    // A removed member waits as a declined request does (bans.test.ts: a ban keeps them out); one who left comes back at once.
    const removed = await callerFor(scene.database, a).membership.status({ communityId: id });
    expect(removed).toMatchObject({ status: 'removed', role: null });
    expect(removed.askAgainAt!.getTime() - Date.now()).toBeGreaterThan((JOIN_RETRY_DAYS - 1) * 86_400_000);
    await expect(callerFor(scene.database, a).membership.join({ communityId: id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: COMMUNITY_MESSAGES.removedWait(JOIN_RETRY_DAYS),
    });
    expect(await callerFor(scene.database, b).membership.join({ communityId: id })).toMatchObject({ status: 'approved' });
    expect(await counts(id)).toEqual({ membersCount: 2, approved: 2 });
  });
});

describe('the member list is bounded', () => {
  it('pages approved members newest first with a cursor, never more than the page size; the owner gets at most 100 join requests and their count', async () => {
    const owner = await createTestUser(scene.database);
    const id = await community(owner, { isPrivate: true });
    const people = await scene.database.db
      .insert(profiles)
      .values(Array.from({ length: 230 }, (_, i) => ({ username: `crowd_${i}_${crypto.randomUUID().slice(0, 8)}`, email: `crowd${i}.${crypto.randomUUID()}@example.com` })))
      .returning({ id: profiles.id });
    const at = (i: number) => new Date(Date.UTC(2030, 0, 1) + i * 1000);
    // 120 approved members (several joined in the same second: the id breaks the tie) and 110 requests.
    await scene.database.db.insert(communityMembers).values([
      ...people.slice(0, 120).map((p, i) => ({ communityId: id, userId: p.id, role: 'member' as const, status: 'approved' as const, joinedAt: at(Math.floor(i / 3)) })),
      ...people.slice(120).map((p, i) => ({ communityId: id, userId: p.id, role: 'member' as const, status: 'pending' as const, joinedAt: at(i) })),
    ]);
    const asOwner = callerFor(scene.database, owner).membership;

    const first = await asOwner.members({ communityId: id });
    expect(first.approved).toHaveLength(MEMBER_PAGE_SIZE);
    expect(first.pending).toHaveLength(PENDING_SHOWN_MAX);
    expect(first.pendingCount).toBe(110);
    expect(first.pending[0]!.userId).toBe(people[229]!.id);

    const seen: string[] = [];
    let cursor: typeof first.nextCursor = null;
    let pages = 0;
    do {
      const page: typeof first = await asOwner.members({ communityId: id, cursor, limit: 17 });
      expect(page.approved.length).toBeLessThanOrEqual(17);
      if (cursor) expect(page.pending).toEqual([]);
      seen.push(...page.approved.map((m) => m.userId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    // Every approved member (and the owner) once, newest first.
    expect(seen).toHaveLength(121);
    expect(new Set(seen).size).toBe(121);
    expect(seen.at(-1)).toBe(owner);

    await expect(asOwner.members({ communityId: id, limit: MEMBER_PAGE_MAX + 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.pageSize(MEMBER_PAGE_MAX) });
    await expect(asOwner.members({ communityId: id, cursor: { createdAt: 'yesterday', id } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.cursor });
  });
});
