import { randomUUID } from 'node:crypto';
import { addMonth, localOrderPaidEvent, localRenewalPaidEvent, localSubscriptionRevokedEvent, webhookSigner } from '@app/api/server';
import { checkouts, communities, communityMembers, payments, webhookEvents } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { STAND_IN_REFUSED } from '../views/stand-in-refused-page.ts';
import { createCheckout, deliverPolarWebhook, paidCommunity as paidCommunityOf, payLocalCheckout, signedInPerson, trpcMutation, uniqueEmail, useServer, type SignedInPerson as Person } from '../testing/index.ts';

/** The main app runs the local stand-in with a secret of its own; `signed` knows this one. */
const WEBHOOK_SECRET = `polar_whs_${randomUUID()}`;
const server = useServer();
let signed: FastifyInstance;
beforeAll(async () => {
  signed = await server.extraApp({ POLAR_WEBHOOK_SECRET: WEBHOOK_SECRET });
});

const person = (app: FastifyInstance = server.app) => signedInPerson(server, { app, email: uniqueEmail('payer'), name: 'Pat Payer' });
const paidCommunity = async (values: Partial<typeof communities.$inferInsert> = {}) => paidCommunityOf(server, (await person()).id, values);
const pay = (app: FastifyInstance, cookie: string, checkoutId: string) => payLocalCheckout(app, cookie, checkoutId);

async function snapshot(communityId: string, userId: string) {
  const db = server.database.db;
  const [community] = await db.select({ membersCount: communities.membersCount }).from(communities).where(eq(communities.id, communityId));
  const [membership] = await db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  const paid = await db.select().from(payments).where(and(eq(payments.communityId, communityId), eq(payments.userId, userId)));
  const [checkout] = await db.select().from(checkouts).where(and(eq(checkouts.communityId, communityId), eq(checkouts.userId, userId)));
  return { membersCount: community!.membersCount, membership: membership ?? null, payments: paid, checkout: checkout ?? null };
}

const deliver = (app: FastifyInstance, event: unknown, { secret = WEBHOOK_SECRET, id = `msg_${randomUUID()}` } = {}) => deliverPolarWebhook(app, secret, event, id);

async function orderPaidFor(communityName: string, buyer: Person, checkoutId: string) {
  const [checkout] = await server.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return localOrderPaidEvent({ checkout: checkout!, customer: { email: buyer.email, name: null }, communityName, paidAt: new Date() });
}

describe('paid join through the local checkout stand-in', () => {
  it('createCheckout → checkout page → Pay → approved member, seat counted, payment recorded', async () => {
    const community = await paidCommunity({ availableSeats: 10 });
    const buyer = await person();
    const { path, checkoutId } = await createCheckout(server.app, buyer.cookie, community.id);
    expect(path).toBe(`/checkout/local/${checkoutId}`);

    const page = await server.app.inject({ method: 'GET', url: path, headers: { cookie: buyer.cookie, accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(community.name);
    expect(page.body).toContain('US$9.99 USD /mo');
    expect(page.body).toContain(buyer.email);
    expect(page.body).toMatch(/<form method="post" action="\/checkout\/local\/[0-9a-f-]+\/pay">\s*<button type="submit">Pay<\/button>/);

    const before = await snapshot(community.id, buyer.id);
    expect(before).toMatchObject({ membersCount: 1, membership: null, payments: [], checkout: { status: 'open', amountCents: 999 } });

    const paid = await pay(server.app, buyer.cookie, checkoutId);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(`/community/${encodeURIComponent(community.name)}?checkout=success`);

    const after = await snapshot(community.id, buyer.id);
    expect(after.membersCount).toBe(2);
    expect(after.membership).toEqual({ role: 'member', status: 'approved' });
    expect(after.checkout).toMatchObject({ status: 'paid', provider: 'local' });
    expect(after.checkout!.paidAt).toBeInstanceOf(Date);
    expect(after.payments).toHaveLength(1);
    const [payment] = after.payments;
    expect(payment).toMatchObject({ amountCents: 999, currency: 'usd', provider: 'local', providerRef: `local_order_${checkoutId}` });
    expect(payment!.periodEnd.getTime()).toBe(addMonth(payment!.periodStart).getTime());

    // The paid checkout now says so; paying again changes nothing.
    const again = await server.app.inject({ method: 'GET', url: path, headers: { cookie: buyer.cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('This checkout is paid.');
    expect((await pay(server.app, buyer.cookie, checkoutId)).statusCode).toBe(200);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 2, payments: [payment] });

    // And a second checkout is refused: they are a member now.
    const refused = await trpcMutation(server.app, 'payments.createCheckout', { communityId: community.id, checkoutType: 'monthly' }, buyer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { json: { message: COMMUNITY_MESSAGES.alreadyMember } } });
  });

  it("shows the checkout page only to its own signed-in buyer", async () => {
    const community = await paidCommunity();
    const buyer = await person();
    const { path, checkoutId } = await createCheckout(server.app, buyer.cookie, community.id);

    const stranger = await person();
    expect((await server.app.inject({ method: 'GET', url: path, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await pay(server.app, stranger.cookie, checkoutId)).statusCode).toBe(404);
    const signedOut = await server.app.inject({ method: 'GET', url: path });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(`/auth/google?returnTo=${encodeURIComponent(path)}`);
    expect((await server.app.inject({ method: 'GET', url: '/checkout/local/not-a-uuid', headers: { cookie: buyer.cookie } })).statusCode).toBe(404);
    // A cross-site form post is refused before anything happens.
    const forged = await server.app.inject({
      method: 'POST',
      url: `/checkout/local/${checkoutId}/pay`,
      headers: { cookie: buyer.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, payments: [], checkout: { status: 'open' } });
  });

  it('never fills a community past its cap: a payment that finds it full is recorded, not admitted', async () => {
    const community = await paidCommunity({ availableSeats: 2 });
    const first = await person();
    const second = await person();
    // Both start while a seat is free; the first to pay takes it.
    const a = await createCheckout(server.app, first.cookie, community.id);
    const b = await createCheckout(server.app, second.cookie, community.id);
    expect((await pay(server.app, first.cookie, a.checkoutId)).statusCode).toBe(303);

    const full = await pay(server.app, second.cookie, b.checkoutId);
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain(COMMUNITY_MESSAGES.noSeats);

    const after = await snapshot(community.id, second.id);
    expect(after.membersCount).toBe(2);
    expect(after.membership).toBeNull();
    // Recorded so that it can be refunded.
    expect(after.payments).toHaveLength(1);
    expect(after.checkout).toMatchObject({ status: 'paid' });
  });
});

describe('POST /api/webhooks/polar', () => {
  it('refuses a bad signature (401) and changes nothing', async () => {
    const community = await paidCommunity();
    const buyer = await person(signed);
    const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
    const event = await orderPaidFor(community.name, buyer, checkoutId);
    const id = `msg_${randomUUID()}`;

    const wrongSecret = await deliver(signed, event, { secret: 'polar_whs_not-the-secret', id });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({ message: 'Webhook signature is not valid.' });

    const { body, headers } = webhookSigner(WEBHOOK_SECRET).sign(id, JSON.stringify(event));
    const tampered = await signed.inject({
      method: 'POST',
      url: '/api/webhooks/polar',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body.replace('"net_amount":999', '"net_amount":1'),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await signed.inject({ method: 'POST', url: '/api/webhooks/polar', headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    const stale = webhookSigner(WEBHOOK_SECRET).sign(id, body, new Date(Date.now() - 10 * 60_000));
    const old = await signed.inject({ method: 'POST', url: '/api/webhooks/polar', headers: { ...stale.headers, 'content-type': 'application/json' }, payload: body });
    expect(old.statusCode).toBe(401);
    // The app running on a generated secret does not take this one either.
    expect((await deliver(server.app, event)).statusCode).toBe(401);

    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, payments: [], checkout: { status: 'open' } });
    expect(await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, `polar:${id}`))).toEqual([]);
  });

  it('processes a delivery once: a replayed webhook id, or the same order again, changes nothing', async () => {
    const community = await paidCommunity();
    const buyer = await person(signed);
    const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
    const event = await orderPaidFor(community.name, buyer, checkoutId);
    const id = `msg_${randomUUID()}`;

    const first = await deliver(signed, event, { id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'admitted' });
    const admitted = await snapshot(community.id, buyer.id);
    expect(admitted).toMatchObject({ membersCount: 2, membership: { status: 'approved' }, checkout: { status: 'paid' } });

    const replay = await deliver(signed, event, { id });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    const sameOrder = await deliver(signed, event);
    expect(sameOrder.json()).toEqual({ received: true, outcome: 'duplicate' });

    expect(await snapshot(community.id, buyer.id)).toEqual(admitted);
    expect(await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, `polar:${id}`))).toHaveLength(1);
  });

  it('admits exactly one of two payments racing for the last seat', async () => {
    const community = await paidCommunity({ availableSeats: 2 });
    const buyers = [await person(signed), await person(signed)];
    const events = [];
    for (const buyer of buyers) {
      const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
      events.push(await orderPaidFor(community.name, buyer, checkoutId));
    }
    const outcomes = (await Promise.all(events.map((event) => deliver(signed, event)))).map((res) => (res.json() as { outcome: string }).outcome);
    expect(outcomes.sort()).toEqual(['admitted', 'not_admitted_full']);
    const [a, b] = await Promise.all(buyers.map((buyer) => snapshot(community.id, buyer.id)));
    expect(a!.membersCount).toBe(2);
    expect([a!.membership, b!.membership].filter(Boolean)).toHaveLength(1);
    expect([...a!.payments, ...b!.payments]).toHaveLength(2);
  });

  it('records a renewal (the next month, already a member) without taking another seat', async () => {
    const community = await paidCommunity();
    const buyer = await person(signed);
    const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
    const event = await orderPaidFor(community.name, buyer, checkoutId);
    expect((await deliver(signed, event)).json()).toMatchObject({ outcome: 'admitted' });

    const nextStart = new Date(event.data.subscription!.current_period_end!);
    const [checkout] = await server.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    const renewal = localRenewalPaidEvent({
      checkout: checkout!,
      customer: { email: buyer.email, name: null },
      communityName: community.name,
      paidAt: nextStart,
      periodStart: nextStart,
      startedAt: new Date(event.data.subscription!.current_period_start),
    });
    expect((await deliver(signed, renewal)).json()).toEqual({ received: true, outcome: 'renewed' });
    const after = await snapshot(community.id, buyer.id);
    expect(after.membersCount).toBe(2);
    expect(after.payments.map((p) => p.periodStart.toISOString()).sort()).toEqual([event.data.subscription!.current_period_start, nextStart.toISOString()].sort());
  });

  it('answers 200 to event types it does not handle and to orders of no checkout of ours, recording nothing', async () => {
    const before = await server.database.db.select().from(payments);
    const subscription = await deliver(signed, { type: 'subscription.canceled', timestamp: new Date().toISOString(), data: { id: 'sub_1' } });
    expect(subscription.statusCode).toBe(200);
    expect(subscription.json()).toEqual({ received: true, outcome: 'ignored' });

    const community = await paidCommunity();
    const buyer = await person(signed);
    const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
    const event = await orderPaidFor(community.name, buyer, checkoutId);
    const foreign = { ...event, data: { ...event.data, id: `order_${randomUUID()}`, metadata: { other: 'x' }, subscription: null } };
    expect((await deliver(signed, foreign)).json()).toEqual({ received: true, outcome: 'unknown_checkout' });
    const missing = { ...foreign, data: { ...foreign.data, metadata: { commonroom_checkout_id: randomUUID() } } };
    expect((await deliver(signed, missing)).json()).toEqual({ received: true, outcome: 'unknown_checkout' });

    expect(await server.database.db.select().from(payments)).toEqual(before);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, checkout: { status: 'open' } });
  });

  it("finds a Polar checkout by Polar's checkout id when the order carries no metadata of ours", async () => {
    const community = await paidCommunity();
    const buyer = await person(signed);
    const [checkout] = await server.database.db
      .insert(checkouts)
      .values({ communityId: community.id, userId: buyer.id, amountCents: 999, provider: 'polar', providerRef: `co_${randomUUID()}` })
      .returning();
    const event = localOrderPaidEvent({ checkout: checkout!, customer: { email: buyer.email, name: null }, communityName: community.name, paidAt: new Date() });
    const fromPolar = { ...event, data: { ...event.data, id: `order_${randomUUID()}`, checkout_id: checkout!.providerRef, metadata: {}, subscription: null } };
    expect((await deliver(signed, fromPolar)).json()).toEqual({ received: true, outcome: 'admitted' });
    const after = await snapshot(community.id, buyer.id);
    expect(after).toMatchObject({ membersCount: 2, membership: { status: 'approved' }, checkout: { status: 'paid' }, payments: [{ provider: 'polar' }] });
    // No subscription period in the order: a month from now.
    expect(after.payments[0]!.periodEnd.getTime()).toBe(addMonth(after.payments[0]!.periodStart).getTime());
  });

  it('refuses a signed order.paid it cannot read (400) and a body that is not JSON (400)', async () => {
    const recorded = async () => (await server.database.db.select().from(webhookEvents)).length;
    const before = await recorded();
    const bad = await deliver(signed, { type: 'order.paid', data: { id: 'order_x', currency: 'usd' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Webhook payload is not valid.' });

    const { body, headers } = webhookSigner(WEBHOOK_SECRET).sign(`msg_${randomUUID()}`, 'not json');
    const notJson = await signed.inject({ method: 'POST', url: '/api/webhooks/polar', headers: { ...headers, 'content-type': 'text/plain' }, payload: body });
    expect(notJson.statusCode).toBe(400);
    expect(await recorded()).toBe(before);
  });

  it('does not admit a payer who paid less than the checkout price; the payment is kept for review', async () => {
    const community = await paidCommunity();
    const buyer = await person(signed);
    const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
    const event = await orderPaidFor(community.name, buyer, checkoutId);
    const underpaid = { ...event, data: { ...event.data, net_amount: 500, total_amount: 500 } };
    expect((await deliver(signed, underpaid)).json()).toEqual({ received: true, outcome: 'not_admitted_underpaid' });
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, payments: [{ amountCents: 500 }] });
  });
});

describe('where the stand-in is off', () => {
  it('answers 404 for the local checkout in production and when Polar is configured', async () => {
    const community = await paidCommunity();
    const buyer = await person();
    const { path, checkoutId } = await createCheckout(server.app, buyer.cookie, community.id);

    const production = await server.extraApp({ NODE_ENV: 'production', POLAR_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const polar = await server.extraApp({ POLAR_ACCESS_TOKEN: 'polar_oat_test', POLAR_PRODUCT_ID: 'prod_test', POLAR_WEBHOOK_SECRET: WEBHOOK_SECRET });
    for (const app of [production, polar]) {
      expect((await app.inject({ method: 'GET', url: path, headers: { cookie: buyer.cookie, accept: 'text/html' } })).statusCode).toBe(404);
      expect((await pay(app, buyer.cookie, checkoutId)).statusCode).toBe(404);
    }
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, checkout: { status: 'open' } });
  });

  it('in production without Polar, createCheckout fails clearly instead of letting anyone in', async () => {
    const community = await paidCommunity();
    const buyer = await person();
    const production = await server.extraApp({ NODE_ENV: 'production' });
    const res = await trpcMutation(production, 'payments.createCheckout', { communityId: community.id, checkoutType: 'monthly' }, buyer.cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { json: { message: 'Failed to get payment URL. Please try again.' } } });
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, checkout: null });
  });

  it('a Polar token needs the product and the webhook secret', () => {
    expect(() => loadConfig({ POLAR_ACCESS_TOKEN: 'polar_oat_x' })).toThrow(/POLAR_ACCESS_TOKEN needs POLAR_PRODUCT_ID, POLAR_WEBHOOK_SECRET/);
    expect(loadConfig({ POLAR_ACCESS_TOKEN: 'polar_oat_x', POLAR_PRODUCT_ID: 'prod', POLAR_WEBHOOK_SECRET: 's', POLAR_SERVER: 'sandbox' }).payments).toEqual({
      polar: { accessToken: 'polar_oat_x', productId: 'prod', server: 'sandbox' },
      webhookSecret: 's',
    });
    expect(loadConfig({}).payments).toEqual({ polar: null, webhookSecret: null });
  });
});

describe('the local checkout answers this computer only', () => {
  const STRANGER = '198.51.100.23';

  it('refuses the checkout page and its Pay from another computer (403), changing nothing', async () => {
    const community = await paidCommunity();
    const buyer = await person();
    const { path, checkoutId } = await createCheckout(server.app, buyer.cookie, community.id);

    const page = await server.app.inject({ method: 'GET', url: path, remoteAddress: STRANGER, headers: { cookie: buyer.cookie, accept: 'text/html' } });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(STAND_IN_REFUSED.message);
    expect(page.body).not.toContain('<form');
    for (const remoteAddress of [STRANGER, '2001:db8::7']) {
      const paid = await payLocalCheckout(server.app, buyer.cookie, checkoutId, { remoteAddress });
      expect(paid.statusCode).toBe(403);
    }
    // Relayed by a proxy on this computer for a stranger: refused too.
    const relayed = await payLocalCheckout(server.app, buyer.cookie, checkoutId, { headers: { 'x-forwarded-for': STRANGER } });
    expect(relayed.statusCode).toBe(403);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null, payments: [], checkout: { status: 'open' } });
  });

  it('with UNSAFE_LOCAL_STAND_INS=1 another computer can pay', async () => {
    const open = await server.extraApp({ UNSAFE_LOCAL_STAND_INS: '1' });
    const community = await paidCommunity();
    const buyer = await person();
    const { path, checkoutId } = await createCheckout(open, buyer.cookie, community.id);
    expect((await open.inject({ method: 'GET', url: path, remoteAddress: STRANGER, headers: { cookie: buyer.cookie } })).statusCode).toBe(200);
    const paid = await payLocalCheckout(open, buyer.cookie, checkoutId, { remoteAddress: STRANGER });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 2, membership: { status: 'approved' } });
  });
});

describe('subscriptions ending', () => {
  it('a revoked subscription ends the membership it paid for, once; the seat is given back', async () => {
    const community = await paidCommunity({ availableSeats: 10 });
    const buyer = await person(signed);
    const { checkoutId } = await createCheckout(signed, buyer.cookie, community.id);
    expect((await deliver(signed, await orderPaidFor(community.name, buyer, checkoutId))).statusCode).toBe(200);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 2, membership: { status: 'approved' } });

    const [checkout] = await server.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    const revoked = localSubscriptionRevokedEvent({ checkout: checkout!, customer: { email: buyer.email, name: null }, communityName: community.name, startedAt: checkout!.paidAt!, revokedAt: new Date() });
    const deliveryId = `msg_${randomUUID()}`;
    expect((await deliver(signed, revoked, { id: deliveryId })).statusCode).toBe(200);
    const after = await snapshot(community.id, buyer.id);
    expect(after).toMatchObject({ membersCount: 1, membership: null });
    // The payment stays on record.
    expect(after.payments).toHaveLength(1);

    // A replay, or a second revocation, changes nothing; a bad signature is refused.
    expect((await deliver(signed, revoked, { id: deliveryId })).statusCode).toBe(200);
    expect((await deliver(signed, revoked)).statusCode).toBe(200);
    expect((await deliver(signed, revoked, { secret: `polar_whs_${randomUUID()}` })).statusCode).toBe(401);
    expect(await snapshot(community.id, buyer.id)).toMatchObject({ membersCount: 1, membership: null });
    const recorded = await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, `polar:${deliveryId}`));
    expect(recorded).toHaveLength(1);
  });
});
