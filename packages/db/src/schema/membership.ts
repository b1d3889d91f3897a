import { index, jsonb, pgEnum, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { personColumn, profiles } from './profiles.ts';

/** A person's role in a community: the owner (the community's `owner_id`), its admins, its moderators, and everyone else. */
export const memberRole = pgEnum('member_role', ['owner', 'admin', 'moderator', 'member']);
export const memberStatus = pgEnum('member_status', ['pending', 'approved']);

export const communityMembers = pgTable(
  'community_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    role: memberRole('role').notNull().default('member'),
    status: memberStatus('status').notNull().default('pending'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The checkout whose subscription pays for this membership (paid communities); null when free. */
    checkoutId: uuid('checkout_id'),
    /** When the member last opened the community's feed: newer posts are 'new' in their bell's summary. */
    feedSeenAt: timestamp('feed_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A join request's answers to the community's questions, with the questions as asked. */
    joinAnswers: jsonb('join_answers').$type<Array<{ question: string; answer: string }>>(),
  },
  (t) => [
    uniqueIndex('community_members_pair_idx').on(t.communityId, t.userId),
    index('community_members_list_idx').on(t.communityId, t.status, t.joinedAt),
    index('community_members_user_idx').on(t.userId, t.status),
  ],
);

/**
 * People the owner removed from a community: they cannot join again, and no payment (a renewal,
 * a late first order) admits them.
 */
export const communityBans = pgTable(
  'community_bans',
  {
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    bannedBy: uuid('banned_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_bans_user_idx').on(t.userId)],
);

/**
 * Join requests a moderator declined, one row a person and community (the latest): the person may
 * ask again once JOIN_RETRY_DAYS have passed (membership.join), and their page says when.
 */
export const joinDeclines = pgTable(
  'join_declines',
  {
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);
