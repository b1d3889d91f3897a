import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { personColumn } from './profiles.ts';

export const checkoutStatus = pgEnum('checkout_status', ['open', 'paid', 'expired']);

/**
 * A checkout started for a paid community: the price is fixed when it starts, and the webhook that
 * reports the payment is matched to it. `provider` is 'polar' or 'local' (the offline stand-in).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    /** The provider's checkout id, once it has one. */
    providerRef: text('provider_ref'),
    status: checkoutStatus('status').notNull().default('open'),
    /** The provider's subscription id, recorded when the first order is paid: renewals, revocations and cancellations name it. */
    subscriptionRef: text('subscription_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.communityId, t.createdAt),
    uniqueIndex('checkouts_provider_ref_idx').on(t.provider, t.providerRef),
    // One open checkout per buyer and community: a second attempt reuses (or replaces) the first.
    uniqueIndex('checkouts_one_open_idx').on(t.userId, t.communityId).where(sql`${t.status} = 'open'`),
    index('checkouts_subscription_idx').on(t.provider, t.subscriptionRef),
    check('checkouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Every webhook delivery id processed once: a replayed delivery finds its id here and changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  /** `provider:webhook-id`. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Membership payments (paid communities); the partner programme pays a share of these. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    /** How much of `amountCents` has been refunded (Polar's `order.refunded`: before taxes, cumulative). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_community_idx').on(t.communityId, t.createdAt),
    check('payments_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('payments_refund_range', sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);
