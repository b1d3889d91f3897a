import type { Db, Queryable } from '@app/db';
import { checkouts, payments, webhookEvents } from '@app/db/schema';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { admitMember, dischargeMember } from '../membership/service.ts';

/** The metadata key (40 characters at most, Polar's limit) carrying our `checkouts.id`. */
export const CHECKOUT_METADATA_KEY = 'commonroom_checkout_id';

const metadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const timestamp = z.iso.datetime({ offset: true });

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
    metadata: metadata.default({}),
    subscription: z
      .looseObject({
        current_period_start: timestamp,
        current_period_end: timestamp.nullable(),
        checkout_id: z.string().nullish(),
        metadata: metadata.default({}),
      })
      .nullish(),
  }),
});
export type OrderPaidEvent = z.input<typeof orderPaidEvent>;

/** Polar's `subscription.revoked`: the subscription has ended (cancelled and its period over, or refunded). */
export const subscriptionRevokedEvent = z.object({
  type: z.literal('subscription.revoked'),
  data: z.looseObject({
    id: z.string().min(1).max(200),
    checkout_id: z.string().nullish(),
    metadata: metadata.default({}),
  }),
});

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
  /** Already a member: the payment is a renewal. */
  | { outcome: 'renewed'; checkoutId: string; paymentId: string }
  /** Paid, but the community filled up meanwhile: recorded, not admitted; to be refunded. */
  | { outcome: 'not_admitted_full'; checkoutId: string; paymentId: string }
  /** Paid less than the checkout's price or in another currency: recorded, not admitted; to be reviewed. */
  | { outcome: 'not_admitted_underpaid'; checkoutId: string; paymentId: string }
  /** The subscription ended: the membership it paid for ends too. */
  | { outcome: 'ended'; checkoutId: string; membersCount: number }
  /** The subscription ended, but its payer was not (or no longer) a member. */
  | { outcome: 'not_member'; checkoutId: string };

const UUID = z.uuid();

/**
 * Handles one verified webhook delivery, in one transaction: records the delivery id (a replay finds
 * it and changes nothing), then for `order.paid` on one of our checkouts marks the checkout paid,
 * records the payment for the period paid and makes the payer an approved member. A full community
 * or an existing membership leaves the payment recorded and the seat count untouched.
 */
export async function handlePolarEvent(db: Db, deliveryId: string, payload: unknown): Promise<OrderPaidOutcome> {
  const type = typeof payload === 'object' && payload !== null && 'type' in payload ? String(payload.type) : '';
  if (type === 'subscription.revoked') return handleRevoked(db, deliveryId, payload);
  if (type !== 'order.paid') return { outcome: 'ignored' };
  const parsed = orderPaidEvent.safeParse(payload);
  if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const order = parsed.data.data;

  return db.transaction(async (tx) => {
    if (!(await recordDelivery(tx, deliveryId, type))) return { outcome: 'duplicate' };
    const checkout = await findCheckout(tx, [order.metadata, order.subscription?.metadata], order.checkout_id ?? order.subscription?.checkout_id);
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
    if (checkout.status !== 'paid') await tx.update(checkouts).set({ status: 'paid', paidAt }).where(eq(checkouts.id, checkout.id));

    const ids = { checkoutId: checkout.id, paymentId: payment.id };
    if (order.currency.toLowerCase() !== checkout.currency || order.total_amount < checkout.amountCents) {
      return { outcome: 'not_admitted_underpaid', ...ids };
    }
    const admission = await admitMember(tx, checkout.communityId, checkout.userId);
    if (admission.admitted) return { outcome: 'admitted', ...ids, membersCount: admission.membersCount };
    return admission.reason === 'already-member' ? { outcome: 'renewed', ...ids } : { outcome: 'not_admitted_full', ...ids };
  });
}

/** Records the delivery id; false when it was recorded before (a replay: change nothing). */
async function recordDelivery(tx: Queryable, deliveryId: string, type: string): Promise<boolean> {
  const [fresh] = await tx.insert(webhookEvents).values({ id: `polar:${deliveryId}`, type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return !!fresh;
}

/**
 * Our checkout, locked: by our id in the metadata (renewal orders and subscriptions carry the
 * subscription's, which Polar copied from the checkout), failing that by Polar's checkout id, which
 * we stored as the checkout's provider_ref.
 */
async function findCheckout(tx: Queryable, sources: Array<Record<string, unknown> | null | undefined>, polarCheckoutId: string | null | undefined) {
  const ourId = UUID.safeParse(sources.map((source) => source?.[CHECKOUT_METADATA_KEY]).find((value) => value !== undefined));
  const match = ourId.success
    ? eq(checkouts.id, ourId.data)
    : polarCheckoutId
      ? and(eq(checkouts.provider, 'polar'), eq(checkouts.providerRef, polarCheckoutId))
      : null;
  if (!match) return null;
  const [checkout] = await tx.select().from(checkouts).where(match).for('update');
  return checkout ?? null;
}

/** The subscription ended: the payer's membership ends with it (the owner's never does), in one transaction. */
async function handleRevoked(db: Db, deliveryId: string, payload: unknown): Promise<OrderPaidOutcome> {
  const parsed = subscriptionRevokedEvent.safeParse(payload);
  if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const subscription = parsed.data.data;
  return db.transaction(async (tx) => {
    if (!(await recordDelivery(tx, deliveryId, parsed.data.type))) return { outcome: 'duplicate' };
    const checkout = await findCheckout(tx, [subscription.metadata], subscription.checkout_id);
    if (!checkout) return { outcome: 'unknown_checkout' };
    const { removed, membersCount } = await dischargeMember(tx, checkout.communityId, checkout.userId);
    return removed ? { outcome: 'ended', checkoutId: checkout.id, membersCount } : { outcome: 'not_member', checkoutId: checkout.id };
  });
}
