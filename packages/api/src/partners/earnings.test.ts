import { communityMembers, partnerEarnings, payments } from '@app/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, checkoutStarted, communityCreatedWith, deliver, ledgerOf, newPartner, payingMember, refund, renewal, revocation, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

const dashboardOf = (partnerId: string) => callerFor(scene.database, partnerId).partners.dashboard();

/** A partner and a paid community they referred, at `priceCents` a month. */
async function referredPaidCommunity(priceCents: number) {
  const partner = await newPartner(scene.database);
  const community = await communityCreatedWith(scene.database, partner.referralCode, { priceCents });
  return { partner, community };
}

describe("a referred community's payments earn the partner 5% of each net payment", () => {
  it('writes one ledger row per payment, rounded half up once per payment (999 → 49.95 → 50 cents)', async () => {
    const { partner, community } = await referredPaidCommunity(999);
    const member = await payingMember(scene.database, community);
    expect(member.outcome).toMatchObject({ outcome: 'admitted' });

    const rows = await ledgerOf(scene.database, partner.userId);
    expect(rows).toEqual([{ kind: 'commission', baseCents: 999, amountCents: 50, paymentId: (member.outcome as { paymentId: string }).paymentId }]);
    const dashboard = await dashboardOf(partner.userId);
    expect(dashboard.totals).toEqual({ earnedCents: 50, paidCents: 0, pendingCents: 50 });
    expect(dashboard.counts).toEqual({ referrals: 1, activeCommunities: 1, totalMembers: 2 });
    expect(dashboard.communities).toEqual([expect.objectContaining({ id: community.id, active: true, membersCount: 2, earnedCents: 50 })]);
  });

  it('rounds each payment once, never the sum: 1,009 → 50.45 → 50; 1,010 → 50.5 → 51; 1,030 → 51.5 → 52', async () => {
    const cases = [
      [1009, 50],
      [1010, 51],
      [1030, 52],
      [500, 25],
    ] as const;
    for (const [price, commission] of cases) {
      const { partner, community } = await referredPaidCommunity(price);
      await payingMember(scene.database, community);
      await payingMember(scene.database, community);
      const rows = await ledgerOf(scene.database, partner.userId);
      expect(rows.map((row) => row.amountCents), `price ${price}`).toEqual([commission, commission]);
      // Two payments of 1,010 earn 51 + 51 = 102, not 5% of 2,020 = 101.
      expect((await dashboardOf(partner.userId)).totals.earnedCents).toBe(2 * commission);
    }
  });

  it('earns on every renewal for as long as the membership is paid for, and sums the ledger by month', async () => {
    const { partner, community } = await referredPaidCommunity(1250);
    const member = await payingMember(scene.database, community, new Date('2026-01-15T10:00:00Z'));
    for (const month of [1, 2]) expect(await deliver(scene.database, renewal(member, month))).toMatchObject({ outcome: 'renewed' });
    const rows = await ledgerOf(scene.database, partner.userId);
    expect(rows.map((row) => [row.kind, row.baseCents, row.amountCents])).toEqual([
      ['commission', 1250, 63],
      ['commission', 1250, 63],
      ['commission', 1250, 63],
    ]);
    // The ledger is dated when each payment was recorded; spread them over three months to see the grouping.
    const ids = await scene.database.db.select({ id: partnerEarnings.id }).from(partnerEarnings).where(eq(partnerEarnings.partnerId, partner.userId)).orderBy(partnerEarnings.createdAt);
    const dates = ['2026-01-15T10:00:00Z', '2026-02-15T10:00:00Z', '2026-02-28T23:59:59Z'];
    for (const [i, row] of ids.entries()) await scene.database.db.update(partnerEarnings).set({ createdAt: new Date(dates[i]!) }).where(eq(partnerEarnings.id, row.id));
    const dashboard = await dashboardOf(partner.userId);
    expect(dashboard.months).toEqual([
      { month: '2026-02', commissionCents: 126, reversedCents: 0, netCents: 126, entries: 2 },
      { month: '2026-01', commissionCents: 63, reversedCents: 0, netCents: 63, entries: 1 },
    ]);
    expect(dashboard.totals.earnedCents).toBe(189);
  });

  it('earns nothing on a community nobody referred, nor on a self-referred one', async () => {
    const unreferred = await communityCreatedWith(scene.database, null, { priceCents: 999 });
    const partner = await newPartner(scene.database);
    const own = await communityCreatedWith(scene.database, partner.referralCode, { priceCents: 999, ownerId: partner.userId });
    await payingMember(scene.database, unreferred);
    await payingMember(scene.database, own);
    expect(await ledgerOf(scene.database, partner.userId)).toEqual([]);
    expect(await scene.database.db.$count(partnerEarnings, sql`${partnerEarnings.communityId} in (${unreferred.id}, ${own.id})`)).toBe(0);
  });

  it('earns nothing on a payment that admits nobody (the community filled up: to be refunded) or pays too little', async () => {
    const { partner, community } = await referredPaidCommunity(999);
    await scene.database.db.execute(sql`update communities set available_seats = 2 where id = ${community.id}`);
    const late = await checkoutStarted(scene.database, community);
    const underpaying = await checkoutStarted(scene.database, community);
    // Someone else takes the last seat first.
    const admitted = await payingMember(scene.database, community);
    expect(await deliver(scene.database, late.first)).toMatchObject({ outcome: 'not_admitted_full' });
    const cheap = { ...underpaying.first, data: { ...underpaying.first.data, net_amount: 100, total_amount: 100 } };
    expect(await deliver(scene.database, cheap)).toMatchObject({ outcome: 'not_admitted_underpaid' });
    const rows = await ledgerOf(scene.database, partner.userId);
    expect(rows).toEqual([expect.objectContaining({ amountCents: 50, paymentId: (admitted.outcome as { paymentId: string }).paymentId })]);
  });

  it('changes nothing when a payment is delivered again, under its own delivery id or a new one', async () => {
    const { partner, community } = await referredPaidCommunity(999);
    const member = await payingMember(scene.database, community);
    const renewed = renewal(member, 1);
    expect(await deliver(scene.database, renewed, 'msg_renewal_once')).toMatchObject({ outcome: 'renewed' });
    expect(await deliver(scene.database, renewed, 'msg_renewal_once')).toEqual({ outcome: 'duplicate' });
    expect(await deliver(scene.database, renewed)).toEqual({ outcome: 'duplicate' });
    expect(await deliver(scene.database, member.first)).toEqual({ outcome: 'duplicate' });
    expect((await ledgerOf(scene.database, partner.userId)).map((row) => row.amountCents)).toEqual([50, 50]);
  });
});

describe('refunds reverse the commission on what was refunded', () => {
  it('a full refund: the refund is recorded on the payment and its commission reversed to zero', async () => {
    const { partner, community } = await referredPaidCommunity(999);
    const member = await payingMember(scene.database, community);
    const paymentId = (member.outcome as { paymentId: string }).paymentId;

    expect(await deliver(scene.database, refund(member, 999))).toEqual({ outcome: 'refunded', paymentId, refundedCents: 999, reversedCents: -50 });
    const [payment] = await scene.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ amountCents: 999, refundedCents: 999 });
    expect(payment!.refundedAt).toBeInstanceOf(Date);
    expect((await ledgerOf(scene.database, partner.userId)).map((row) => [row.kind, row.baseCents, row.amountCents])).toEqual([
      ['commission', 999, 50],
      ['reversal', 999, -50],
    ]);
    expect((await dashboardOf(partner.userId)).totals).toEqual({ earnedCents: 0, paidCents: 0, pendingCents: 0 });
  });

  it('partial refunds: the commission becomes 5% of what is left, rounded once, however the refunds come', async () => {
    const { partner, community } = await referredPaidCommunity(1010);
    const member = await payingMember(scene.database, community);
    // 1,010 → 51. 500 refunded: 5% of 510 = 25.5 → 26, so 25 comes back.
    expect(await deliver(scene.database, refund(member, 500))).toMatchObject({ outcome: 'refunded', refundedCents: 500, reversedCents: -25 });
    // Then the rest: nothing is left, so the other 26 comes back too.
    expect(await deliver(scene.database, refund(member, 1010))).toMatchObject({ outcome: 'refunded', refundedCents: 1010, reversedCents: -26 });
    const rows = await ledgerOf(scene.database, partner.userId);
    expect(rows.map((row) => [row.kind, row.baseCents, row.amountCents])).toEqual([
      ['commission', 1010, 51],
      ['reversal', 500, -25],
      ['reversal', 510, -26],
    ]);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(0);
  });

  it('a refund of a renewal reverses that renewal only; replays and older notices change nothing', async () => {
    const { partner, community } = await referredPaidCommunity(999);
    const member = await payingMember(scene.database, community);
    await deliver(scene.database, renewal(member, 1));
    const refunded = refund(member, 999, 1);
    expect(await deliver(scene.database, refunded, 'msg_refund_once')).toMatchObject({ outcome: 'refunded', reversedCents: -50 });
    expect(await deliver(scene.database, refunded, 'msg_refund_once')).toEqual({ outcome: 'duplicate' });
    expect(await deliver(scene.database, refunded)).toEqual({ outcome: 'duplicate' });
    // A late notice of a smaller refund of the same order does not lower what was recorded.
    expect(await deliver(scene.database, refund(member, 300, 1))).toEqual({ outcome: 'duplicate' });
    expect((await ledgerOf(scene.database, partner.userId)).map((row) => row.amountCents)).toEqual([50, 50, -50]);
    expect((await dashboardOf(partner.userId)).totals.earnedCents).toBe(50);
  });

  it('records a refund of a payment that earned nothing, and ignores a refund of an order we never saw', async () => {
    const unreferred = await communityCreatedWith(scene.database, null, { priceCents: 999 });
    const member = await payingMember(scene.database, unreferred);
    expect(await deliver(scene.database, refund(member, 999))).toMatchObject({ outcome: 'refunded', refundedCents: 999, reversedCents: 0 });
    const stranger = { ...member, input: { ...member.input, checkout: { ...member.checkout, id: crypto.randomUUID() } } };
    expect(await deliver(scene.database, refund(stranger, 999))).toEqual({ outcome: 'unknown_order' });
  });
});

describe('a revoked subscription stops future earnings and keeps past ones', () => {
  it('ends the membership, keeps the ledger, and a later renewal of that subscription earns nothing', async () => {
    const { partner, community } = await referredPaidCommunity(999);
    const member = await payingMember(scene.database, community);
    await deliver(scene.database, renewal(member, 1));
    expect(await deliver(scene.database, revocation(member))).toMatchObject({ outcome: 'ended' });
    const stillMember = await scene.database.db.$count(communityMembers, and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, member.buyer)));
    expect(stillMember).toBe(0);

    // A renewal that arrives anyway pays for no membership: recorded, to be refunded, and no commission.
    expect(await deliver(scene.database, renewal(member, 2))).toMatchObject({ outcome: 'not_admitted_ended' });
    expect((await ledgerOf(scene.database, partner.userId)).map((row) => row.amountCents)).toEqual([50, 50]);
    const dashboard = await dashboardOf(partner.userId);
    expect(dashboard.totals.earnedCents).toBe(100);
    expect(dashboard.counts).toEqual({ referrals: 1, activeCommunities: 0, totalMembers: 1 });
    expect(dashboard.communities[0]).toMatchObject({ active: false, earnedCents: 100 });
  });
});
