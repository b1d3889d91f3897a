import type { Db, Queryable } from '@app/db';
import { checkouts, communityMembers, payments, webhookEvents } from '@app/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { admitMember, dischargeMember, isBanned } from '../membership/service.ts';
import { recordCommission, reverseCommission } from '../partners/earnings.ts';
import { stopSubscription, type CancellationReason } from './cancellations.ts';

/** The metadata key (40 characters at most, Polar's limit) carrying our `checkouts.id`. */
export const CHECKOUT_METADATA_KEY = 'commonroom_checkout_id';

const metadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const timestamp = z.iso.datetime({ offset: true });

/** Polar's subscription id (our `checkouts.subscription_ref`). */
const subscriptionId = z.string().min(1).max(200);

/**
 * The part of Polar's `order.paid` payload we rely on; Polar sends much more, which is let through.
 * Amounts are in cents: `net_amount` is after discounts and before taxes (the revenue the partner
 * commission is a share of), `total_amount` what the customer was charged.
 */
export const orderPaidEvent = z.object({
  type: z.literal('order.paid'),
  timestamp: z.string().optional(),
  data: z.looseObject({
    id: z.string().min(1).max(200),
    net_amount: z.int().min(0),
    total_amount: z.int().min(0),
    currency: z.string().min(3).max(10),
    billing_reason: z.string().optional(),
    /** Polar's checkout id (our `checkouts.provider_ref`): the fallback when the metadata is missing. */
    checkout_id: z.string().nullish(),
    subscription_id: subscriptionId.nullish(),
    metadata: metadata.default({}),
    subscription: z
      .looseObject({
        id: subscriptionId.optional(),
        current_period_start: timestamp,
        current_period_end: timestamp.nullable(),
        checkout_id: z.string().nullish(),
        metadata: metadata.default({}),
      })
      .nullish(),
  }),
});
export type OrderPaidEvent = z.output<typeof orderPaidEvent>;

/** Polar's `subscription.revoked`: the subscription has ended (cancelled and its period over, or refunded). */
export const subscriptionRevokedEvent = z.object({
  type: z.literal('subscription.revoked'),
  timestamp: z.string().optional(),
  data: z.looseObject({
    id: subscriptionId,
    checkout_id: z.string().nullish(),
    metadata: metadata.default({}),
  }),
});
export type SubscriptionRevokedEvent = z.output<typeof subscriptionRevokedEvent>;

/**
 * Polar's `order.refunded` (a full or partial refund): the order as it is now. `refunded_amount` is
 * what has been refunded of it so far, before taxes (as `net_amount` is), in cents.
 */
export const orderRefundedEvent = z.object({
  type: z.literal('order.refunded'),
  timestamp: z.string().optional(),
  data: z.looseObject({
    id: z.string().min(1).max(200),
    net_amount: z.int().min(0),
    refunded_amount: z.int().min(0),
    currency: z.string().min(3).max(10),
  }),
});
export type OrderRefundedEvent = z.output<typeof orderRefundedEvent>;

/** One calendar month later (the 31st runs to the month's last day rather than into the next). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** A signed payload that says it is `order.paid` but lacks what we need. */
export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError';
}

export type OrderPaidOutcome =
  /** Another event type: nothing to do. */
  | { outcome: 'ignored' }
  /** This delivery (or this order) was processed before: nothing changed. */
  | { outcome: 'duplicate' }
  /** No checkout of ours in the metadata (another product of the organization, or a deleted community). */
  | { outcome: 'unknown_checkout' }
  | { outcome: 'admitted'; checkoutId: string; paymentId: string; membersCount: number }
  /** A renewal of the subscription that pays for the membership (or the first payment of someone already a member). */
  | { outcome: 'renewed'; checkoutId: string; paymentId: string }
  /** Paid, but the community filled up meanwhile: recorded, not admitted, the subscription stopped; to be refunded. */
  | { outcome: 'not_admitted_full'; checkoutId: string; paymentId: string }
  /** Paid, but this person is banned: recorded, not admitted, the subscription stopped; to be refunded. */
  | { outcome: 'not_admitted_banned'; checkoutId: string; paymentId: string }
  /** A renewal, but the membership it paid for has ended (left): recorded, not admitted, the subscription stopped; to be refunded. */
  | { outcome: 'not_admitted_ended'; checkoutId: string; paymentId: string }
  /** Paid while already a member through another subscription: recorded, this one stopped; to be refunded. */
  | { outcome: 'not_admitted_duplicate'; checkoutId: string; paymentId: string }
  /** Paid less than the checkout's price or in another currency: recorded, not admitted; to be reviewed. */
  | { outcome: 'not_admitted_underpaid'; checkoutId: string; paymentId: string }
  /** The subscription ended: the membership it paid for ends too. */
  | { outcome: 'ended'; checkoutId: string; membersCount: number }
  /** The subscription ended, but it paid for no current membership (left, removed, or an older subscription): nothing changes. */
  | { outcome: 'not_member'; checkoutId: string }
  /** An order was refunded (more of it than before): recorded on the payment, and the partner's commission on it reversed by `reversedCents`. */
  | { outcome: 'refunded'; paymentId: string; refundedCents: number; reversedCents: number }
  /** A refund of an order we have no payment for. */
  | { outcome: 'unknown_order' };

const UUID = z.uuid();

/**
 * Handles one verified webhook delivery, in one transaction: records the delivery id (a replay finds
 * it and changes nothing), then for `order.paid` on one of our checkouts records the payment for the
 * period paid and the subscription's id. The first payment of a checkout makes the payer an approved
 * member whose membership that checkout pays for; a renewal keeps that membership and never starts
 * one. A payment that admits nobody (full, banned, left, paid twice) queues stopping
 * its subscription, so the person is not charged again; the payment stays on record.
 */
export async function handlePolarEvent(db: Db, deliveryId: string, payload: unknown): Promise<OrderPaidOutcome> {
  const type = typeof payload === 'object' && payload !== null && 'type' in payload ? String(payload.type) : '';
  if (type === 'subscription.revoked') return handleRevoked(db, deliveryId, payload);
  if (type === 'order.refunded') return handleRefunded(db, deliveryId, payload);
  if (type !== 'order.paid') return { outcome: 'ignored' };
  const parsed = orderPaidEvent.safeParse(payload);
  if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const order = parsed.data.data;
  const subscriptionRef = order.subscription_id ?? order.subscription?.id ?? null;

  return db.transaction(async (tx) => {
    if (!(await recordDelivery(tx, deliveryId, type))) return { outcome: 'duplicate' };
    const checkout = await findCheckout(tx, {
      metadata: [order.metadata, order.subscription?.metadata],
      subscriptionRef,
      polarCheckoutId: order.checkout_id ?? order.subscription?.checkout_id,
    });
    if (!checkout) return { outcome: 'unknown_checkout' };

    const paidAt = new Date();
    const periodStart = order.subscription ? new Date(order.subscription.current_period_start) : paidAt;
    const periodEnd = order.subscription?.current_period_end ? new Date(order.subscription.current_period_end) : addMonth(periodStart);
    const [payment] = await tx
      .insert(payments)
      .values({
        communityId: checkout.communityId,
        userId: checkout.userId,
        amountCents: order.net_amount,
        currency: order.currency.toLowerCase(),
        periodStart,
        periodEnd,
        provider: checkout.provider,
        providerRef: order.id,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // The same order delivered again under another delivery id.
    if (!payment) return { outcome: 'duplicate' };
    const firstPayment = checkout.status !== 'paid';
    if (firstPayment || (subscriptionRef && !checkout.subscriptionRef)) {
      await tx
        .update(checkouts)
        .set({ status: 'paid', paidAt: checkout.paidAt ?? paidAt, subscriptionRef: checkout.subscriptionRef ?? subscriptionRef })
        .where(eq(checkouts.id, checkout.id));
    }

    const ids = { checkoutId: checkout.id, paymentId: payment.id };
    if (order.currency.toLowerCase() !== checkout.currency || order.total_amount < checkout.amountCents) {
      return { outcome: 'not_admitted_underpaid', ...ids };
    }
    const outcome = await settleMembership(tx, checkout, ids, firstPayment);
    // A payment that pays for a membership earns the referring partner their share, in this
    // transaction; one that admits nobody (to be refunded) or is to be reviewed earns nothing.
    if (outcome.outcome === 'admitted' || outcome.outcome === 'renewed') {
      await recordCommission(tx, { id: payment.id, communityId: checkout.communityId, amountCents: order.net_amount, refundedCents: 0, currency: order.currency.toLowerCase() });
    }
    return outcome;
  });
}

/**
 * What a payment does to the payer's membership: the first payment of a checkout admits them; a
 * renewal keeps the membership that checkout pays for. One that admits nobody stops its subscription.
 */
async function settleMembership(
  tx: Queryable,
  checkout: { id: string; communityId: string; userId: string },
  ids: { checkoutId: string; paymentId: string },
  firstPayment: boolean,
): Promise<OrderPaidOutcome> {
  const { communityId, userId } = checkout;
  const refuse = async (outcome: 'not_admitted_full' | 'not_admitted_banned' | 'not_admitted_ended' | 'not_admitted_duplicate', reason: CancellationReason) => {
    await stopSubscription(tx, checkout.id, 'revoke', reason);
    return { outcome, ...ids };
  };
  if (firstPayment) {
    const admission = await admitMember(tx, communityId, userId, checkout.id);
    if (admission.admitted) return { outcome: 'admitted', ...ids, membersCount: admission.membersCount };
    if (admission.reason === 'banned') return refuse('not_admitted_banned', 'banned');
    if (admission.reason === 'full') return refuse('not_admitted_full', 'full');
  }
  // A renewal (or a first payment of someone already a member): it pays for the membership it started, or nothing.
  const paysFor = await claimMembership(tx, communityId, userId, checkout.id);
  if (paysFor === 'this') return { outcome: 'renewed', ...ids };
  if (paysFor === 'another') return refuse('not_admitted_duplicate', 'duplicate');
  if (await isBanned(tx, communityId, userId)) return refuse('not_admitted_banned', 'banned');
  return refuse('not_admitted_ended', 'no_membership');
}

/**
 * Which subscription pays for the person's approved membership: 'this' checkout's (a membership
 * admitted before checkouts were recorded on memberships is claimed by the first payment that
 * finds it), 'another', or 'none' (not a member, or the owner).
 */
async function claimMembership(tx: Queryable, communityId: string, userId: string, checkoutId: string): Promise<'this' | 'another' | 'none'> {
  const [membership] = await tx
    .select({ role: communityMembers.role, status: communityMembers.status, checkoutId: communityMembers.checkoutId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .for('update');
  if (!membership || membership.status !== 'approved' || membership.role === 'owner') return 'none';
  if (membership.checkoutId === checkoutId) return 'this';
  if (membership.checkoutId !== null) return 'another';
  await tx
    .update(communityMembers)
    .set({ checkoutId })
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return 'this';
}

/** Records the delivery id; false when it was recorded before (a replay: change nothing). */
async function recordDelivery(tx: Queryable, deliveryId: string, type: string): Promise<boolean> {
  const [fresh] = await tx.insert(webhookEvents).values({ id: `polar:${deliveryId}`, type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return !!fresh;
}

interface CheckoutClues {
  /** Where our checkout id may be: the order's metadata, the subscription's (copied from the checkout). */
  metadata: Array<Record<string, unknown> | null | undefined>;
  /** The provider's subscription id, recorded on the checkout by its first payment. */
  subscriptionRef: string | null | undefined;
  /** Polar's checkout id, our provider_ref. */
  polarCheckoutId: string | null | undefined;
}

/**
 * Our checkout, locked: by our id in the metadata (renewal orders and subscriptions carry the
 * subscription's, which Polar copied from the checkout), failing that by the subscription id its
 * first payment recorded, failing that by Polar's checkout id (our provider_ref).
 */
async function findCheckout(tx: Queryable, clues: CheckoutClues) {
  const ourId = UUID.safeParse(clues.metadata.map((source) => source?.[CHECKOUT_METADATA_KEY]).find((value) => value !== undefined));
  const matches = [
    ourId.success ? eq(checkouts.id, ourId.data) : null,
    clues.subscriptionRef ? and(inArray(checkouts.provider, ['polar', 'local']), eq(checkouts.subscriptionRef, clues.subscriptionRef)) : null,
    clues.polarCheckoutId ? and(eq(checkouts.provider, 'polar'), eq(checkouts.providerRef, clues.polarCheckoutId)) : null,
  ];
  for (const match of matches) {
    if (!match) continue;
    const [checkout] = await tx.select().from(checkouts).where(match).for('update');
    if (checkout) return checkout;
  }
  return null;
}

/**
 * The subscription ended: the membership it pays for ends with it, in one transaction. Only the
 * membership this subscription pays for: after leaving and joining again through a new checkout,
 * the end of the old subscription changes nothing. The owner's membership never ends here.
 */
async function handleRevoked(db: Db, deliveryId: string, payload: unknown): Promise<OrderPaidOutcome> {
  const parsed = subscriptionRevokedEvent.safeParse(payload);
  if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const subscription = parsed.data.data;
  return db.transaction(async (tx) => {
    if (!(await recordDelivery(tx, deliveryId, parsed.data.type))) return { outcome: 'duplicate' };
    const checkout = await findCheckout(tx, { metadata: [subscription.metadata], subscriptionRef: subscription.id, polarCheckoutId: subscription.checkout_id });
    if (!checkout) return { outcome: 'unknown_checkout' };
    const { removed, membersCount } = await dischargeMember(tx, checkout.communityId, checkout.userId, { paidBy: checkout.id });
    return removed ? { outcome: 'ended', checkoutId: checkout.id, membersCount } : { outcome: 'not_member', checkoutId: checkout.id };
  });
}

/**
 * An order was refunded, fully or in part: one transaction records how much of the payment has
 * been refunded (Polar's cumulative `refunded_amount`, never more than the payment) and reverses
 * the referring partner's commission on that much (partners/earnings.ts). A replay, or a notice
 * of no more than was already recorded, changes nothing. The membership is not touched here:
 * Polar revokes the subscription on a full refund and sends `subscription.revoked` for it.
 */
async function handleRefunded(db: Db, deliveryId: string, payload: unknown): Promise<OrderPaidOutcome> {
  const parsed = orderRefundedEvent.safeParse(payload);
  if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const order = parsed.data.data;
  return db.transaction(async (tx) => {
    if (!(await recordDelivery(tx, deliveryId, parsed.data.type))) return { outcome: 'duplicate' };
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(inArray(payments.provider, ['polar', 'local']), eq(payments.providerRef, order.id)))
      .for('update');
    if (!payment) return { outcome: 'unknown_order' };
    const refundedCents = Math.min(order.refunded_amount, payment.amountCents);
    if (refundedCents <= payment.refundedCents) return { outcome: 'duplicate' };
    await tx.update(payments).set({ refundedCents, refundedAt: new Date() }).where(eq(payments.id, payment.id));
    const reversal = await reverseCommission(tx, { ...payment, refundedCents }, refundedCents - payment.refundedCents);
    return { outcome: 'refunded', paymentId: payment.id, refundedCents, reversedCents: reversal?.amountCents ?? 0 };
  });
}
