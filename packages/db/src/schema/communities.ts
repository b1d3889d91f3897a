import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { personColumn, profiles } from './profiles.ts';

export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    rules: text('rules'),
    logoUrl: text('logo_url'),
    videoUrl: text('video_url'),
    language: text('language'),
    category: text('category'),
    contactEmail: text('contact_email'),
    /** Member cap; null means unlimited. */
    availableSeats: integer('available_seats'),
    /** Monthly membership price in cents; 0 is free. */
    membershipAmountCents: integer('membership_amount_cents').notNull().default(0),
    monthlyPriceCents: integer('monthly_price_cents'),
    ownerId: personColumn('owner_id'),
    isPrivate: boolean('is_private').notNull().default(false),
    partner: text('partner'),
    referredBy: uuid('referred_by').references(() => profiles.id, { onDelete: 'set null' }),
    planType: text('plan_type').notNull().default('unlimited'),
    /** Approved members, owner included; kept equal to the count by the membership writes. */
    membersCount: integer('members_count').notNull().default(0),
    /** The partners' forum (one row, made on first use): no list, profile or join page shows it. */
    isForum: boolean('is_forum').notNull().default(false),
    /** Up to three questions a person requesting to join (a private community) answers. */
    joinQuestions: text('join_questions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_name_lower_idx').on(sql`lower(${t.name})`).where(sql`NOT ${t.isForum}`),
    uniqueIndex('communities_one_forum_idx').on(t.isForum).where(sql`${t.isForum}`),
    index('communities_owner_idx').on(t.ownerId),
    index('communities_referred_by_idx').on(t.referredBy),
    index('communities_created_at_idx').on(t.createdAt),
    // Discover: substring search on the name (pg_trgm) and the category and language filters.
    index('communities_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('communities_category_created_idx').on(t.category, t.createdAt),
    index('communities_language_created_idx').on(t.language, t.createdAt),
    check('communities_seats_positive', sql`${t.availableSeats} IS NULL OR ${t.availableSeats} > 0`),
    check('communities_amount_nonnegative', sql`${t.membershipAmountCents} >= 0`),
    check('communities_members_nonnegative', sql`${t.membersCount} >= 0`),
  ],
);

/** A column naming a community: its rows go when the community does. */
export function communityColumn(name: string) {
  return uuid(name)
    .notNull()
    .references(() => communities.id, { onDelete: 'cascade' });
}
