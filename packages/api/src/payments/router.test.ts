import { checkouts, communities, communityBans, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, PaymentsProviderError, type PaymentsProvider } from './provider.ts';
import { callerFor, createTestCommunity, createTestUser, TEST_PUBLIC_URL, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

/** A paid community (US$9.99 a month) of `ownerId`. */
const community = (ownerId: string, values: Parameters<typeof createTestCommunity>[2] = {}) =>
  createTestCommunity(scene.database, ownerId, { membershipAmountCents: 999, ...values });

const checkoutsOf = (communityId: string) => scene.database.db.select().from(checkouts).where(eq(checkouts.communityId, communityId));

describe('payments.createCheckout', () => {
  it('starts a checkout on the local stand-in, recording the price fixed now', async () => {
    const owner = await createTestUser(scene.database);
    const paid = await community(owner);
    const buyer = await createTestUser(scene.database, { email: 'buyer.one@example.com' });

    const { checkoutUrl } = await callerFor(scene.database, buyer).payments.createCheckout({ communityId: paid.id, checkoutType: 'monthly' });

    const [row] = await checkoutsOf(paid.id);
    expect(row).toMatchObject({
      userId: buyer,
      amountCents: 999,
      currency: 'usd',
      provider: 'local',
      providerRef: row!.id,
      status: 'open',
      paidAt: null,
    });
    expect(checkoutUrl).toBe(`${TEST_PUBLIC_URL}/checkout/local/${row!.id}`);
    // Nothing about the membership changes until the payment arrives.
    const [after] = await scene.database.db.select().from(communities).where(eq(communities.id, paid.id));
    expect(after!.membersCount).toBe(1);
  });

  it('lets a pending member (a join request) pay', async () => {
    const paid = await community(await createTestUser(scene.database), { isPrivate: true });
    const pending = await createTestUser(scene.database);
    await scene.database.db.insert(communityMembers).values({ communityId: paid.id, userId: pending, role: 'member', status: 'pending' });
    await expect(callerFor(scene.database, pending).payments.createCheckout({ communityId: paid.id })).resolves.toHaveProperty('checkoutUrl');
  });

  it('refuses a signed-out visitor', async () => {
    const paid = await community(await createTestUser(scene.database));
    await expect(callerFor(scene.database, null).payments.createCheckout({ communityId: paid.id, checkoutType: 'monthly' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await checkoutsOf(paid.id)).toHaveLength(0);
  });

  it('refuses a community that does not exist', async () => {
    const caller = callerFor(scene.database, await createTestUser(scene.database));
    await expect(caller.payments.createCheckout({ communityId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: COMMUNITY_MESSAGES.notFound,
    });
    await expect(caller.payments.createCheckout({ communityId: 'not-an-id' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: COMMUNITY_MESSAGES.notFound,
    });
  });

  it('refuses a free community', async () => {
    const free = await community(await createTestUser(scene.database), { membershipAmountCents: 0 });
    await expect(callerFor(scene.database, await createTestUser(scene.database)).payments.createCheckout({ communityId: free.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: COMMUNITY_MESSAGES.notPaid,
    });
    expect(await checkoutsOf(free.id)).toHaveLength(0);
  });

  it('refuses the owner and an approved member', async () => {
    const owner = await createTestUser(scene.database);
    const paid = await community(owner);
    const member = await createTestUser(scene.database);
    await scene.database.db.insert(communityMembers).values({ communityId: paid.id, userId: member, role: 'member', status: 'approved' });
    await scene.database.db.update(communities).set({ membersCount: 2 }).where(eq(communities.id, paid.id));

    for (const userId of [owner, member]) {
      await expect(callerFor(scene.database, userId).payments.createCheckout({ communityId: paid.id })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: COMMUNITY_MESSAGES.alreadyMember,
      });
    }
    expect(await checkoutsOf(paid.id)).toHaveLength(0);
  });

  it('refuses a community with no seats left', async () => {
    const full = await community(await createTestUser(scene.database), { availableSeats: 1 });
    await expect(callerFor(scene.database, await createTestUser(scene.database)).payments.createCheckout({ communityId: full.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: COMMUNITY_MESSAGES.noSeats,
    });
    expect(await checkoutsOf(full.id)).toHaveLength(0);
  });

  it('fails clearly when payments are not configured (production without Polar), recording nothing', async () => {
    const paid = await community(await createTestUser(scene.database));
    const caller = callerFor(scene.database, await createTestUser(scene.database), { payments: null });
    await expect(caller.payments.createCheckout({ communityId: paid.id })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: PAYMENT_MESSAGES.paymentUrlFailed,
    });
    expect(await checkoutsOf(paid.id)).toHaveLength(0);
  });

  it('expires the checkout and says so when the provider fails', async () => {
    const paid = await community(await createTestUser(scene.database));
    const failing: PaymentsProvider = {
      name: 'polar',
      async createCheckout() {
        throw new PaymentsProviderError('Polar is down');
      },
      resumeCheckout: async () => null,
      cancelSubscription: async () => 'cancelled',
    };
    const caller = callerFor(scene.database, await createTestUser(scene.database), { payments: failing });
    await expect(caller.payments.createCheckout({ communityId: paid.id })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: PAYMENT_MESSAGES.paymentUrlFailed,
    });
    const [row] = await checkoutsOf(paid.id);
    expect(row).toMatchObject({ provider: 'polar', status: 'expired', providerRef: null });
  });

  it('refuses someone banned, with a clear message, recording nothing', async () => {
    const owner = await createTestUser(scene.database);
    const paid = await community(owner);
    const removed = await createTestUser(scene.database);
    await scene.database.db.insert(communityBans).values({ communityId: paid.id, userId: removed, bannedBy: owner });
    await expect(callerFor(scene.database, removed).payments.createCheckout({ communityId: paid.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: COMMUNITY_MESSAGES.banned,
    });
    expect(await checkoutsOf(paid.id)).toHaveLength(0);
  });
});

describe('one open checkout per buyer and community', () => {
  /** A provider that counts the sessions it makes (slowly, like a network) and says whether old ones still take payment. */
  function countingProvider(options: { stillOpen?: boolean; delayMs?: number } = {}) {
    const made: string[] = [];
    const provider: PaymentsProvider = {
      name: 'polar',
      async createCheckout({ checkoutId }) {
        await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
        made.push(checkoutId);
        return { url: `https://pay.example/${checkoutId}`, providerRef: `co_${checkoutId}` };
      },
      async resumeCheckout({ checkoutId, providerRef }) {
        return options.stillOpen === false ? null : { url: `https://pay.example/${checkoutId}`, providerRef };
      },
      cancelSubscription: async () => 'cancelled',
    };
    return { provider, made };
  }

  it('answers the same checkout again while it is good', async () => {
    const paid = await community(await createTestUser(scene.database));
    const caller = callerFor(scene.database, await createTestUser(scene.database));
    const first = await caller.payments.createCheckout({ communityId: paid.id });
    const second = await caller.payments.createCheckout({ communityId: paid.id });
    expect(second).toEqual(first);
    expect(await checkoutsOf(paid.id)).toMatchObject([{ status: 'open' }]);
  });

  it('opens exactly one checkout when many requests race, and every request gets its URL', async () => {
    const paid = await community(await createTestUser(scene.database));
    const buyer = await createTestUser(scene.database);
    const { provider, made } = countingProvider({ delayMs: 300 });
    const caller = callerFor(scene.database, buyer, { payments: provider });
    const results = await Promise.all(Array.from({ length: 8 }, () => caller.payments.createCheckout({ communityId: paid.id })));
    const rows = await checkoutsOf(paid.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open', providerRef: `co_${rows[0]!.id}` });
    expect(made).toEqual([rows[0]!.id]);
    expect(new Set(results.map((r) => r.checkoutUrl))).toEqual(new Set([`https://pay.example/${rows[0]!.id}`]));
  });

  it('expires the open checkout and opens a new one when the price changed, the provider closed it, or it is old', async () => {
    const paid = await community(await createTestUser(scene.database));
    const buyer = await createTestUser(scene.database);
    const first = await callerFor(scene.database, buyer).payments.createCheckout({ communityId: paid.id });

    await scene.database.db.update(communities).set({ membershipAmountCents: 1500 }).where(eq(communities.id, paid.id));
    const repriced = await callerFor(scene.database, buyer).payments.createCheckout({ communityId: paid.id });
    expect(repriced.checkoutUrl).not.toBe(first.checkoutUrl);
    let rows = await checkoutsOf(paid.id);
    expect(rows.map((r) => [r.amountCents, r.status]).sort()).toEqual([[1500, 'open'], [999, 'expired']]);

    const { provider } = countingProvider({ stillOpen: false });
    const onPolar = await callerFor(scene.database, buyer, { payments: provider }).payments.createCheckout({ communityId: paid.id });
    const polarAgain = await callerFor(scene.database, buyer, { payments: provider }).payments.createCheckout({ communityId: paid.id });
    expect(polarAgain.checkoutUrl).not.toBe(onPolar.checkoutUrl);

    await scene.database.db.update(checkouts).set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) }).where(and(eq(checkouts.communityId, paid.id), eq(checkouts.status, 'open')));
    const fresh = await callerFor(scene.database, buyer, { payments: countingProvider().provider }).payments.createCheckout({ communityId: paid.id });
    expect(fresh.checkoutUrl).not.toBe(polarAgain.checkoutUrl);
    rows = await checkoutsOf(paid.id);
    expect(rows.filter((r) => r.status === 'open')).toHaveLength(1);
    expect(rows).toHaveLength(5);
  });

  it('replaces an open checkout whose provider session was never made (a crash mid-way)', async () => {
    const paid = await community(await createTestUser(scene.database));
    const buyer = await createTestUser(scene.database);
    await scene.database.db
      .insert(checkouts)
      .values({ communityId: paid.id, userId: buyer, amountCents: 999, provider: 'local', createdAt: new Date(Date.now() - 60_000) });
    const { checkoutUrl } = await callerFor(scene.database, buyer).payments.createCheckout({ communityId: paid.id });
    const rows = await checkoutsOf(paid.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'open']);
    expect(checkoutUrl).toBe(`${TEST_PUBLIC_URL}/checkout/local/${rows.find((r) => r.status === 'open')!.id}`);
  });
});
