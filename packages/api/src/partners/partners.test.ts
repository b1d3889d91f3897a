import { communities, communityMembers, partnerPayouts, partnerReferrals, partners, profiles } from '@app/db/schema';
import { PARTNER_MESSAGES, REFERRAL_CODE_ALPHABET } from '@app/shared/partners';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumId } from './forum.ts';
import { becomePartner, newReferralCode, partnerByCode } from './service.ts';
import { callerFor, communityCreatedWith, createTestCommunity, createTestUser, deliver, newPartner, payingMember, refund, testSubscription, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

const as = (userId: string | null, options: { admin?: boolean } = {}) => callerFor(scene.database, userId, options);

describe('joining the programme', () => {
  it("is one click: a referral code of 8 characters without look-alikes, and the forum's membership comes with it", async () => {
    const userId = await createTestUser(scene.database);
    expect(await as(userId).partners.me()).toEqual({ partner: null, forumId: null, isAdmin: false });

    const joined = await as(userId).partners.join();
    expect(joined.referralCode).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));
    expect(joined.forumId).toBe(await forumId(scene.database.db));

    const me = await as(userId).partners.me();
    expect(me).toEqual({ partner: { referralCode: joined.referralCode, since: joined.since }, forumId: joined.forumId, isAdmin: false });
    const [membership] = await scene.database.db
      .select({ status: communityMembers.status, role: communityMembers.role })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, joined.forumId), eq(communityMembers.userId, userId)));
    expect(membership).toMatchObject({ status: 'approved', role: 'member' });
  });

  it('gives different people different codes, drawn over the whole alphabet', async () => {
    const codes = Array.from({ length: 400 }, () => newReferralCode());
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join(''));
    expect([...REFERRAL_CODE_ALPHABET].every((character) => used.has(character))).toBe(true);
    expect([...used].every((character) => REFERRAL_CODE_ALPHABET.includes(character))).toBe(true);
  });

  it("draws again when another partner's code is the one drawn", async () => {
    const userId = await createTestUser(scene.database);
    const holder = await createTestUser(scene.database);
    await scene.database.db.insert(partners).values({ userId: holder, referralCode: 'TAKEN234' });
    const drawn = ['TAKEN234', 'FRESH567'];
    const { partner } = await becomePartner(scene.database.db, userId, () => drawn.shift()!);
    expect(partner.referralCode).toBe('FRESH567');
  });

  it('finds a partner by a code as written (old base64 codes) or typed in small letters (new codes)', async () => {
    const old = await createTestUser(scene.database);
    const oldCode = Buffer.from(old).toString('base64').slice(0, 8);
    await scene.database.db.insert(partners).values({ userId: old, referralCode: oldCode });
    const fresh = await createTestUser(scene.database);
    const { referralCode } = await as(fresh).partners.join();

    expect(await partnerByCode(scene.database.db, oldCode)).toEqual({ userId: old });
    expect(await partnerByCode(scene.database.db, referralCode.toLowerCase())).toEqual({ userId: fresh });
    expect(await partnerByCode(scene.database.db, 'NOBODY23')).toBeNull();

    const referred = await communityCreatedWith(scene.database, referralCode.toLowerCase());
    const [row] = await scene.database.db.select({ referredBy: communities.referredBy }).from(communities).where(eq(communities.id, referred.id));
    expect(row!.referredBy).toBe(fresh);
  });

  it('is idempotent: clicking again (or twice at once) keeps one partnership, one code and one forum seat', async () => {
    const userId = await createTestUser(scene.database);
    const [a, b] = await Promise.all([as(userId).partners.join(), as(userId).partners.join()]);
    const again = await as(userId).partners.join();
    expect(new Set([a.referralCode, b.referralCode, again.referralCode]).size).toBe(1);
    expect(await scene.database.db.$count(partners, eq(partners.userId, userId))).toBe(1);
    expect(await scene.database.db.$count(communityMembers, and(eq(communityMembers.communityId, again.forumId), eq(communityMembers.userId, userId)))).toBe(1);
    const [forum] = await scene.database.db.select().from(communities).where(eq(communities.id, again.forumId));
    expect(forum!.membersCount).toBe(await scene.database.db.$count(communityMembers, eq(communityMembers.communityId, again.forumId)));
  });

  it('refuses a signed-out visitor', async () => {
    await expect(as(null).partners.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(null).partners.join()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('partner-only procedures', () => {
  it('refuse a signed-out visitor and someone who has not joined the programme', async () => {
    const stranger = await createTestUser(scene.database);
    await expect(as(null).partners.dashboard()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(null).partners.ledger({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(null).partners.payouts({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(null).partners.onDashboard({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const refusal = { code: 'FORBIDDEN', message: PARTNER_MESSAGES.partnersOnly };
    await expect(as(stranger).partners.dashboard()).rejects.toMatchObject(refusal);
    await expect(as(stranger).partners.ledger({})).rejects.toMatchObject(refusal);
    await expect(as(stranger).partners.payouts({})).rejects.toMatchObject(refusal);
    await expect(as(stranger).partners.onDashboard({})).rejects.toMatchObject(refusal);
  });

  it("show only the partner's own: another partner's referrals, ledger and payouts are not in them", async () => {
    const mine = await newPartner(scene.database);
    const theirs = await newPartner(scene.database);
    const community = await communityCreatedWith(scene.database, theirs.referralCode, { priceCents: 999 });
    await payingMember(scene.database, community);
    const dashboard = await as(mine.userId).partners.dashboard();
    expect(dashboard.counts).toEqual({ referrals: 0, activeCommunities: 0, totalMembers: 0 });
    expect(dashboard.communities).toEqual([]);
    expect((await as(mine.userId).partners.ledger({})).items).toEqual([]);
    expect((await as(theirs.userId).partners.ledger({})).items).toHaveLength(1);
  });
});

describe('attribution', () => {
  it("a community created with the partner's code is referred; the dashboard lists it with its members", async () => {
    const partner = await newPartner(scene.database);
    const community = await communityCreatedWith(scene.database, partner.referralCode);
    const [row] = await scene.database.db.select({ referredBy: communities.referredBy }).from(communities).where(eq(communities.id, community.id));
    expect(row!.referredBy).toBe(partner.userId);
    const member = await createTestUser(scene.database);
    await as(member).membership.join({ communityId: community.id });

    const dashboard = await as(partner.userId).partners.dashboard();
    expect(dashboard.referralCode).toBe(partner.referralCode);
    // A free community: referred, with its two members, but earning nothing, so not active.
    expect(dashboard.counts).toEqual({ referrals: 1, activeCommunities: 0, totalMembers: 2 });
    expect(dashboard.communities).toEqual([
      { id: community.id, name: community.name, logoUrl: expect.any(String), membersCount: 2, membershipAmountCents: 0, referredAt: expect.any(Date), active: false, earnedCents: 0 },
    ]);
  });

  it('self-referral does not count, nor does an unknown code', async () => {
    const partner = await newPartner(scene.database);
    const own = await communityCreatedWith(scene.database, partner.referralCode, { ownerId: partner.userId });
    const unknown = await communityCreatedWith(scene.database, 'Zm9vYmFy');
    for (const id of [own.id, unknown.id]) {
      expect(await scene.database.db.$count(partnerReferrals, eq(partnerReferrals.communityId, id))).toBe(0);
    }
    expect((await as(partner.userId).partners.dashboard()).counts.referrals).toBe(0);
  });
});

describe('live dashboard', () => {
  it('hears of a new referral, a member joining a referred community and a payment, by id', async () => {
    const partner = await newPartner(scene.database);
    const live = await testSubscription((signal) => callerFor(scene.database, partner.userId, { signal }).partners.onDashboard({}));
    try {
      const first = live.next();
      const community = await communityCreatedWith(scene.database, partner.referralCode, { priceCents: 999 });
      expect((await first).data).toEqual({ type: 'referral.created', communityId: community.id });
      const member = await payingMember(scene.database, community);
      expect((await live.nextWhere((e) => e.type === 'referral.members')).data).toEqual({ type: 'referral.members', communityId: community.id, membersCount: 2 });
      expect((await live.nextWhere((e) => e.type === 'earning.recorded')).data).toEqual({ type: 'earning.recorded', communityId: community.id, entryId: expect.any(String), amountCents: 50 });
      await deliver(scene.database, refund(member, 999));
      expect((await live.nextWhere((e) => e.type === 'earning.recorded')).data).toMatchObject({ amountCents: -50 });
    } finally {
      live.close();
    }
  });
});

describe('payouts', () => {
  /** A partner who earned 50 + 50 cents from two payments. */
  async function earningPartner() {
    const partner = await newPartner(scene.database);
    const community = await communityCreatedWith(scene.database, partner.referralCode, { priceCents: 999 });
    await payingMember(scene.database, community);
    await payingMember(scene.database, community);
    return partner;
  }

  it('are recorded by a platform admin only, and never for more than is pending', async () => {
    const partner = await earningPartner();
    const stranger = await createTestUser(scene.database);
    const admin = await createTestUser(scene.database);
    const input = { partnerId: partner.userId, amountCents: 60, reference: 'Wire 2026-11' };
    await expect(as(null).partners.recordPayout(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    for (const someone of [partner.userId, stranger]) {
      await expect(as(someone).partners.recordPayout(input)).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Only a platform admin can do this.' });
      await expect(as(someone).partners.balances({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await scene.database.db.$count(partnerPayouts, eq(partnerPayouts.partnerId, partner.userId))).toBe(0);

    await expect(as(admin, { admin: true }).partners.recordPayout({ ...input, amountCents: 101 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PARTNER_MESSAGES.payoutTooLarge('US$1.00'),
    });
    await expect(as(admin, { admin: true }).partners.recordPayout({ ...input, amountCents: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(as(admin, { admin: true }).partners.recordPayout({ ...input, partnerId: stranger })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: PARTNER_MESSAGES.notPartner,
    });

    const recorded = await as(admin, { admin: true }).partners.recordPayout(input);
    expect(recorded).toMatchObject({ earnedCents: 100, paidCents: 60, pendingCents: 40 });
    expect((await as(partner.userId).partners.dashboard()).totals).toEqual({ earnedCents: 100, paidCents: 60, pendingCents: 40 });
    const payouts = await as(partner.userId).partners.payouts({});
    expect(payouts.items).toEqual([{ id: recorded.payoutId, createdAt: recorded.createdAt, month: expect.stringMatching(/^\d{4}-\d{2}$/), amountCents: 60, currency: 'usd', reference: 'Wire 2026-11' }]);

    // The rest, and then nothing more.
    await as(admin, { admin: true }).partners.recordPayout({ partnerId: partner.userId, amountCents: 40 });
    await expect(as(admin, { admin: true }).partners.recordPayout({ partnerId: partner.userId, amountCents: 1 })).rejects.toMatchObject({
      message: PARTNER_MESSAGES.payoutTooLarge('US$0.00'),
    });
  });

  it('recorded at once cannot both pass the pending balance', async () => {
    const partner = await earningPartner();
    const admin = await createTestUser(scene.database);
    const results = await Promise.allSettled([60, 60].map((amountCents) => as(admin, { admin: true }).partners.recordPayout({ partnerId: partner.userId, amountCents })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await as(partner.userId).partners.dashboard()).totals).toEqual({ earnedCents: 100, paidCents: 60, pendingCents: 40 });
  });

  it("reach the partner's open dashboard live", async () => {
    const partner = await earningPartner();
    const live = await testSubscription((signal) => callerFor(scene.database, partner.userId, { signal }).partners.onDashboard({}));
    try {
      // The payments' own events may still be arriving.
      const first = live.nextWhere((e) => e.type === 'payout.recorded');
      const { payoutId } = await as(await createTestUser(scene.database), { admin: true }).partners.recordPayout({ partnerId: partner.userId, amountCents: 25 });
      expect((await first).data).toEqual({ type: 'payout.recorded', payoutId, amountCents: 25 });
    } finally {
      live.close();
    }
  });

  it("balances: every partner's totals for the admins, those owed most first, searchable", async () => {
    const partner = await earningPartner();
    const admin = await createTestUser(scene.database);
    const all = await as(admin, { admin: true }).partners.balances({ limit: 100 });
    const owed = all.map((row) => row.pendingCents);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    const found = await as(admin, { admin: true }).partners.balances({ search: partner.referralCode });
    expect(found).toEqual([expect.objectContaining({ partnerId: partner.userId, referralCode: partner.referralCode, referrals: 1, earnedCents: 100, paidCents: 0, pendingCents: 100 })]);
  });
});

describe('the ledger', () => {
  it('pages newest first, naming the community and the rate', async () => {
    const partner = await newPartner(scene.database);
    const community = await communityCreatedWith(scene.database, partner.referralCode, { priceCents: 2000 });
    for (let i = 0; i < 3; i++) await payingMember(scene.database, community);
    const first = await as(partner.userId).partners.ledger({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({ kind: 'commission', communityId: community.id, communityName: community.name, baseCents: 2000, rateBasisPoints: 500, amountCents: 100, currency: 'usd' });
    const second = await as(partner.userId).partners.ledger({ limit: 2, cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('the forum community is nowhere but /forum', () => {
  it('is absent from Discover, counts, profiles, My communities and byName, and its join page refuses', async () => {
    const partner = await newPartner(scene.database);
    const forum = (await forumId(scene.database.db))!;
    const [row] = await scene.database.db.select().from(communities).where(eq(communities.id, forum));
    const visitor = as(null);

    const listed = await visitor.communities.list({ search: row!.name, limit: 50 });
    expect(listed.items.map((c) => c.id)).not.toContain(forum);
    expect(await visitor.communities.count()).toBe(await scene.database.db.$count(communities) - 1);
    await expect(visitor.communities.byName({ name: row!.name })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const profile = await visitor.communities.ofProfile({ userId: partner.userId });
    expect([...profile.owned, ...profile.joined].map((c) => c.id)).not.toContain(forum);
    const host = await visitor.communities.ofProfile({ userId: row!.ownerId });
    expect(host.owned).toEqual([]);
    const mine = await as(partner.userId).communities.mine();
    expect([...mine.owned, ...mine.joined, ...mine.pending].map((c) => c.id)).not.toContain(forum);
    expect((await visitor.profiles.list({ search: 'commonroom' })).map((p) => p.id)).not.toContain(row!.ownerId);
    expect(await visitor.profiles.count()).toBe((await scene.database.db.$count(profiles)) - 1);

    const outsider = await createTestUser(scene.database);
    await expect(as(outsider).membership.join({ communityId: forum })).rejects.toMatchObject({ code: 'FORBIDDEN', message: PARTNER_MESSAGES.forumPartnersOnly });
    expect(await scene.database.db.$count(communityMembers, and(eq(communityMembers.communityId, forum), eq(communityMembers.userId, outsider)))).toBe(0);
  });

  it('a user community may share its name', async () => {
    await newPartner(scene.database);
    const owner = await createTestUser(scene.database);
    const namesake = await createTestCommunity(scene.database, owner, { name: 'partner forum' });
    const found = await as(null).communities.byName({ name: 'Partner Forum' });
    expect(found.id).toBe(namesake.id);
  });
});
