import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communities, communityColumn } from './communities.ts';
import { payments } from './payments.ts';
import { profiles } from './profiles.ts';

export const partners = pgTable('partners', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** The referral code in ?ref= links. */
  referralCode: text('referral_code').notNull().unique(),
  settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partnerReferrals = pgTable(
  'partner_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    communityId: communityColumn('community_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_referrals_community_idx').on(t.communityId),
    index('partner_referrals_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/** A ledger entry: the commission a payment earned, or the part of it a refund took back. */
export const partnerEarningKind = pgEnum('partner_earning_kind', ['commission', 'reversal']);

/**
 * The partner's earnings ledger, one row per payment (and one per refund of it), written in the
 * transaction that records the payment or refund: the sum of a partner's rows is what they earned.
 * The community and payment are kept by id while they exist; the row itself is never deleted.
 */
export const partnerEarnings = pgTable(
  'partner_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    kind: partnerEarningKind('kind').notNull(),
    /** The net amount the entry is a share of: the payment's, or (a reversal) the amount refunded. */
    baseCents: integer('base_cents').notNull(),
    /** The share, in basis points (500 = 5%), when the entry was written. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    /** Signed: a commission is positive, a reversal negative. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_earnings_partner_idx').on(t.partnerId, t.createdAt),
    index('partner_earnings_payment_idx').on(t.paymentId),
    // One commission per payment, whatever replays the webhook.
    uniqueIndex('partner_earnings_one_commission_idx').on(t.paymentId).where(sql`${t.kind} = 'commission'`),
    check('partner_earnings_rate_range', sql`${t.rateBasisPoints} BETWEEN 0 AND 10000`),
    check('partner_earnings_base_nonnegative', sql`${t.baseCents} >= 0`),
  ],
);

/** Money paid out to a partner, recorded by a platform admin: it moves that much of the pending balance to paid. */
export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.userId, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The admin's note of how it was paid (a transfer id), shown to the partner. */
    reference: text('reference'),
    recordedBy: uuid('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_payouts_partner_idx').on(t.partnerId, t.createdAt),
    check('partner_payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
