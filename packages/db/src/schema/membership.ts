import { index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { personColumn, profiles } from './profiles.ts';

/** A person's role in a community: the owner (the community's `owner_id`), its admins, its moderators, and everyone else. */
export const memberRole = pgEnum('member_role', ['owner', 'admin', 'moderator', 'member']);
/** 'closed': the member's account is closed ('Delete my account'); restoring it makes the membership approved again. */
export const memberStatus = pgEnum('member_status', ['pending', 'approved', 'closed']);

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
 * People a moderator, admin or the owner banned from a community (membership.ban), with who, when
 * and why: until unbanned they cannot see it, join, request, pay for or be invited back into it,
 * and no payment (a renewal, a late first order) admits them.
 */
export const communityBans = pgTable(
  'community_bans',
  {
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    bannedBy: uuid('banned_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Why, in the banner's words (at most BAN_REASON_MAX characters); null: no reason given. For moderators only. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_bans_user_idx').on(t.userId),
    index('community_bans_list_idx').on(t.communityId, t.createdAt),
  ],
);

/** Why a person waits before joining again: their request was declined, or they were removed. */
export const joinWaitReason = pgEnum('join_wait_reason', ['declined', 'removed']);

/**
 * Join requests a moderator declined, and members a moderator removed, one row a person and
 * community (the latest): the person may ask again once JOIN_RETRY_DAYS have passed
 * (membership.join, payments.createCheckout), and their page says when and why.
 */
export const joinDeclines = pgTable(
  'join_declines',
  {
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull().defaultNow(),
    reason: joinWaitReason('reason').notNull().default('declined'),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);
