import { randomUUID } from 'node:crypto';
import { validateEvent } from '@polar-sh/sdk/webhooks.js';
import { describe, expect, it } from 'vitest';
import { localIds, localOrderPaidEvent, localOrderRefundedEvent, localRenewalPaidEvent, localSubscriptionRevokedEvent } from './local-events.ts';
import { webhookSigner } from './signature.ts';
import { addMonth, CHECKOUT_METADATA_KEY, orderPaidEvent, orderRefundedEvent, subscriptionRevokedEvent } from './webhook.ts';

const secret = `polar_whs_${randomUUID()}`;
const checkout = { id: randomUUID(), userId: randomUUID(), amountCents: 1250, currency: 'usd' };
const input = { checkout, customer: { email: 'pat@example.com', name: 'Pat Payer' }, communityName: 'Quiet Ledger' };
const paidAt = new Date('2026-01-31T10:00:00.000Z');
const periodStart = addMonth(paidAt);

/** Signs `event` as the stand-in does and runs it through Polar's own SDK: signature and schema. */
function throughPolarSdk(event: unknown) {
  const { body, headers } = webhookSigner(secret).sign(`msg_${randomUUID()}`, JSON.stringify(event));
  return validateEvent(body, headers, secret);
}

describe("the stand-in's events pass Polar's own SDK validation", () => {
  it('order.paid of the first payment', () => {
    const event = localOrderPaidEvent({ ...input, paidAt });
    const parsed = throughPolarSdk(event);
    expect(parsed.type).toBe('order.paid');
    if (parsed.type !== 'order.paid') return;
    const ids = localIds(checkout);
    expect(parsed.data).toMatchObject({
      id: ids.firstOrderId,
      status: 'paid',
      billingReason: 'subscription_create',
      netAmount: 1250,
      totalAmount: 1250,
      currency: 'usd',
      subscriptionId: ids.subscriptionId,
      checkoutId: checkout.id,
      metadata: { [CHECKOUT_METADATA_KEY]: checkout.id },
      customer: { email: 'pat@example.com', externalId: checkout.userId },
      subscription: { id: ids.subscriptionId, status: 'active', metadata: { [CHECKOUT_METADATA_KEY]: checkout.id } },
    });
    expect(parsed.data.subscription!.currentPeriodStart).toEqual(paidAt);
    expect(parsed.data.subscription!.currentPeriodEnd).toEqual(addMonth(paidAt));
    // And our own parser reads it the same way.
    expect(orderPaidEvent.parse(event).data).toMatchObject({ id: ids.firstOrderId, subscription_id: ids.subscriptionId, net_amount: 1250 });
  });

  it('order.paid of a renewal: a new order, our checkout id only in the subscription', () => {
    const event = localRenewalPaidEvent({ ...input, paidAt: periodStart, periodStart, startedAt: paidAt });
    const parsed = throughPolarSdk(event);
    if (parsed.type !== 'order.paid') throw new Error(`expected order.paid, got ${parsed.type}`);
    expect(parsed.data).toMatchObject({ billingReason: 'subscription_cycle', checkoutId: null, metadata: {}, subscriptionId: localIds(checkout).subscriptionId });
    expect(parsed.data.id).not.toBe(localIds(checkout).firstOrderId);
    expect(parsed.data.subscription!.metadata).toEqual({ [CHECKOUT_METADATA_KEY]: checkout.id });
    expect(parsed.data.subscription!.currentPeriodStart).toEqual(periodStart);
    expect(orderPaidEvent.safeParse(event).success).toBe(true);
  });

  it('subscription.revoked', () => {
    const revokedAt = new Date('2026-02-10T12:00:00.000Z');
    const event = localSubscriptionRevokedEvent({ ...input, startedAt: paidAt, revokedAt });
    const parsed = throughPolarSdk(event);
    if (parsed.type !== 'subscription.revoked') throw new Error(`expected subscription.revoked, got ${parsed.type}`);
    expect(parsed.data).toMatchObject({ id: localIds(checkout).subscriptionId, status: 'canceled', metadata: { [CHECKOUT_METADATA_KEY]: checkout.id } });
    expect(parsed.data.endedAt).toEqual(revokedAt);
    expect(subscriptionRevokedEvent.parse(event).data.id).toBe(localIds(checkout).subscriptionId);
  });

  it('order.refunded, in part and in full, of the first payment or a renewal', () => {
    const refundedAt = new Date('2026-02-03T09:00:00.000Z');
    const partial = throughPolarSdk(localOrderRefundedEvent({ ...input, paidAt, refundedCents: 500, refundedAt }));
    if (partial.type !== 'order.refunded') throw new Error(`expected order.refunded, got ${partial.type}`);
    expect(partial.data).toMatchObject({ id: localIds(checkout).firstOrderId, status: 'partially_refunded', netAmount: 1250, refundedAmount: 500, refundableAmount: 750 });
    const full = localOrderRefundedEvent({ ...input, paidAt: periodStart, refundedCents: 1250, refundedAt, renewal: { periodStart, startedAt: paidAt } });
    const parsed = throughPolarSdk(full);
    if (parsed.type !== 'order.refunded') throw new Error(`expected order.refunded, got ${parsed.type}`);
    expect(parsed.data).toMatchObject({ status: 'refunded', refundedAmount: 1250, billingReason: 'subscription_cycle' });
    // The refunded order is the renewal's: the same id as its order.paid.
    expect(parsed.data.id).toBe(localRenewalPaidEvent({ ...input, paidAt: periodStart, periodStart, startedAt: paidAt }).data.id);
    expect(orderRefundedEvent.parse(full).data).toMatchObject({ net_amount: 1250, refunded_amount: 1250 });
  });

  it('a body Polar would not send is refused by the SDK (the check can fail)', () => {
    const event = localOrderPaidEvent({ ...input, paidAt });
    const { customer: _customer, ...withoutCustomer } = event.data;
    expect(() => throughPolarSdk({ ...event, data: withoutCustomer })).toThrow(/Failed to parse event/);
  });
});
