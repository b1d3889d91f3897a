/**
 * Payments never undo moderation, and ending a membership stops its payments: through the real
 * server (tRPC over HTTP, the local checkout, the signed webhook) on a real database. One app only,
 * so its local stand-in is the one that records every subscription cancellation.
 */
import { randomUUID } from 'node:crypto';
import { localIds, localRenewalPaidEvent, localSubscriptionRevokedEvent, type LocalPaymentsProvider } from '@app/api/server';
import { checkouts, communities, communityBans, communityMembers, payments } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createCheckout, deliverPolarWebhook, paidCommunity as paidCommunityOf, payLocalCheckout, PUBLIC_URL, signedInPerson, trpcMutation, uniqueEmail, useServer, type SignedInPerson as Person } from '../testing/index.ts';

const WEBHOOK_SECRET = `polar_whs_${randomUUID()}`;
const server = useServer({ POLAR_WEBHOOK_SECRET: WEBHOOK_SECRET });
const db = () => server.database.db;
const local = () => server.app.payments as LocalPaymentsProvider;

const person = () => signedInPerson(server, { email: uniqueEmail('moderated') });
const paidCommunity = (owner: Person) => paidCommunityOf(server, owner.id);
const mutate = (cookie: string, path: string, input: unknown) => trpcMutation(server.app, path, input, cookie);

/** createCheckout, then the local checkout's Pay: the member is admitted by the stand-in's signed order.paid. */
async function payToJoin(buyer: Person, communityId: string) {
  const { checkoutId } = await createCheckout(server.app, buyer.cookie, communityId);
  const paid = await payLocalCheckout(server.app, buyer.cookie, checkoutId);
  expect(paid.statusCode, paid.body).toBe(303);
  const [checkout] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return checkout!;
}

/** A Polar delivery, signed as Polar signs it. */
async function deliver(event: unknown) {
  const res = await deliverPolarWebhook(server.app, WEBHOOK_SECRET, event);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { outcome: string }).outcome;
}

const customerOf = (buyer: Person) => ({ email: buyer.email, name: null });

function renewalOf(checkout: typeof checkouts.$inferSelect, buyer: Person, communityName: string) {
  const periodStart = new Date(checkout.paidAt!.getTime() + 31 * 24 * 3600_000);
  return localRenewalPaidEvent({ checkout, customer: customerOf(buyer), communityName, paidAt: periodStart, periodStart, startedAt: checkout.paidAt! });
}

function revocationOf(checkout: typeof checkouts.$inferSelect, buyer: Person, communityName: string) {
  return localSubscriptionRevokedEvent({ checkout, customer: customerOf(buyer), communityName, startedAt: checkout.paidAt!, revokedAt: new Date() });
}

async function state(communityId: string, userId: string) {
  const [community] = await db().select({ membersCount: communities.membersCount }).from(communities).where(eq(communities.id, communityId));
  const [membership] = await db()
    .select({ status: communityMembers.status, checkoutId: communityMembers.checkoutId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  const [ban] = await db().select().from(communityBans).where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId)));
  const paid = await db().select().from(payments).where(and(eq(payments.communityId, communityId), eq(payments.userId, userId)));
  return { membersCount: community!.membersCount, membership: membership ?? null, banned: !!ban, payments: paid.length };
}

/** Waits for the app's cancellation worker (woken when the membership's transaction commits) to stop the subscription. */
async function expectCancelled(subscriptionRef: string, mode: 'revoke' | 'at_period_end') {
  await vi.waitFor(() => expect(local().cancellations).toContainEqual(expect.objectContaining({ subscriptionRef, mode })), { timeout: 5000, interval: 50 });
}

describe('removal and bans', () => {
  it('a removal revokes the subscription; a renewal that still arrives never re-admits, and paying back in waits as joining does', async () => {
    const owner = await person();
    const community = await paidCommunity(owner);
    const member = await person();
    const checkout = await payToJoin(member, community.id);
    const { subscriptionId } = localIds(checkout);
    expect(checkout).toMatchObject({ status: 'paid', subscriptionRef: subscriptionId });
    expect(await state(community.id, member.id)).toMatchObject({ membersCount: 2, membership: { status: 'approved', checkoutId: checkout.id } });

    const removed = await mutate(owner.cookie, 'membership.remove', { communityId: community.id, userId: member.id });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectCancelled(subscriptionId, 'revoke');

    expect(await deliver(renewalOf(checkout, member, community.name))).toBe('not_admitted_ended');
    expect(await state(community.id, member.id)).toEqual({ membersCount: 1, membership: null, banned: false, payments: 2 });

    // Nor can they start a new checkout before the wait is over.
    const again = await mutate(member.cookie, 'payments.createCheckout', { communityId: community.id, checkoutType: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { json: { message: COMMUNITY_MESSAGES.removedWait(7) } } });
    expect(await db().select().from(checkouts).where(and(eq(checkouts.communityId, community.id), eq(checkouts.status, 'open')))).toEqual([]);
  });

  it('a ban revokes the subscription; a renewal that still arrives is recorded but never re-admits, and the person stays banned', async () => {
    const owner = await person();
    const community = await paidCommunity(owner);
    const member = await person();
    const checkout = await payToJoin(member, community.id);
    const { subscriptionId } = localIds(checkout);

    const banned = await mutate(owner.cookie, 'membership.ban', { communityId: community.id, userId: member.id, reason: 'Spam' });
    expect(banned.statusCode, banned.body).toBe(200);
    await expectCancelled(subscriptionId, 'revoke');

    expect(await deliver(renewalOf(checkout, member, community.name))).toBe('not_admitted_banned');
    expect(await state(community.id, member.id)).toEqual({ membersCount: 1, membership: null, banned: true, payments: 2 });

    const again = await mutate(member.cookie, 'payments.createCheckout', { communityId: community.id, checkoutType: 'monthly' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: { json: { message: COMMUNITY_MESSAGES.banned } } });
    expect(await db().select().from(checkouts).where(and(eq(checkouts.communityId, community.id), eq(checkouts.status, 'open')))).toEqual([]);
  });
});

describe('leaving', () => {
  it('cancels the subscription at the end of the paid month; a renewal that still arrives does not re-admit', async () => {
    const community = await paidCommunity(await person());
    const member = await person();
    const checkout = await payToJoin(member, community.id);
    const { subscriptionId } = localIds(checkout);

    const left = await mutate(member.cookie, 'membership.leave', { communityId: community.id });
    expect(left.statusCode, left.body).toBe(200);
    expect(await state(community.id, member.id)).toMatchObject({ membersCount: 1, membership: null, banned: false });
    await expectCancelled(subscriptionId, 'at_period_end');

    expect(await deliver(renewalOf(checkout, member, community.name))).toBe('not_admitted_ended');
    expect(await state(community.id, member.id)).toEqual({ membersCount: 1, membership: null, banned: false, payments: 2 });
    // And that renewal's subscription is revoked outright.
    await expectCancelled(subscriptionId, 'revoke');
  });

  it("the end of an older subscription does not end the membership a newer one pays for", async () => {
    const community = await paidCommunity(await person());
    const member = await person();
    const first = await payToJoin(member, community.id);
    expect((await mutate(member.cookie, 'membership.leave', { communityId: community.id })).statusCode).toBe(200);
    const second = await payToJoin(member, community.id);
    expect(second.id).not.toBe(first.id);
    expect(await state(community.id, member.id)).toMatchObject({ membersCount: 2, membership: { status: 'approved', checkoutId: second.id } });

    // The first subscription, cancelled at period end, is revoked when that period is over.
    expect(await deliver(revocationOf(first, member, community.name))).toBe('not_member');
    expect(await state(community.id, member.id)).toMatchObject({ membersCount: 2, membership: { status: 'approved', checkoutId: second.id } });
    // A renewal of the new one is a renewal.
    expect(await deliver(renewalOf(second, member, community.name))).toBe('renewed');

    // The second subscription's end does end it.
    expect(await deliver(revocationOf(second, member, community.name))).toBe('ended');
    expect(await state(community.id, member.id)).toMatchObject({ membersCount: 1, membership: null });
  });
});

describe('createCheckout over HTTP', () => {
  it('keeps one open checkout per buyer and community when the join button is pressed many times at once', async () => {
    const community = await paidCommunity(await person());
    const buyer = await person();
    const responses = await Promise.all(Array.from({ length: 6 }, () => mutate(buyer.cookie, 'payments.createCheckout', { communityId: community.id, checkoutType: 'monthly' })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const urls = new Set(responses.map((r) => (r.json() as { result: { data: { json: { checkoutUrl: string } } } }).result.data.json.checkoutUrl));
    const rows = await db().select().from(checkouts).where(and(eq(checkouts.communityId, community.id), eq(checkouts.userId, buyer.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open' });
    expect(urls).toEqual(new Set([`${PUBLIC_URL}/checkout/local/${rows[0]!.id}`]));
  });
});
