import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communities } from './communities.ts';
import { profiles } from './profiles.ts';

/**
 * A member's points in a community: one for each like received on their posts and comments from
 * someone else. Kept as running totals, changed in the same transaction as the like, so levels and
 * boards never count likes.
 */
export const memberPoints = pgTable(
  'member_points',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('member_points_board_idx').on(t.communityId, sql`${t.points} DESC`)],
);

/**
 * The same points by the UTC day the like was given: the 7- and 30-day boards add up at most 30
 * rows a member. An unlike takes its point from the day the like was given.
 */
export const memberPointsDaily = pgTable(
  'member_points_daily',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    points: integer('points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId, t.day] }), index('member_points_daily_window_idx').on(t.communityId, t.day, t.userId, t.points)],
);
