import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { personColumn } from './profiles.ts';

/**
 * A member's points in a community: one for each like received on their posts and comments from
 * someone else. Kept as running totals (all time, and the 7- and 30-day windows), changed in the same
 * transaction as the like, so levels and boards never count likes.
 */
export const memberPoints = pgTable(
  'member_points',
  {
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    points: integer('points').notNull().default(0),
    /** The points of the last 7 and 30 UTC days (today included), as of `windowDay`. */
    points7d: integer('points_7d').notNull().default(0),
    points30d: integer('points_30d').notNull().default(0),
    /** The day the windows were counted for; null before the first count. */
    windowDay: date('window_day', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A board reads the top of one of these, and counts above a member's points for their rank.
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('member_points_board_idx').on(t.communityId, sql`${t.points} DESC`),
    index('member_points_board_7d_idx').on(t.communityId, sql`${t.points7d} DESC`),
    index('member_points_board_30d_idx').on(t.communityId, sql`${t.points30d} DESC`),
    // The windows that may need counting again (as days pass): the rows of a community not all zero.
    index('member_points_windows_idx')
      .on(t.communityId, t.windowDay)
      .where(sql`${t.windowDay} IS NULL OR ${t.points7d} <> 0 OR ${t.points30d} <> 0`),
  ],
);

/**
 * The same points by the UTC day the like was given, from which a member's 7- and 30-day windows
 * are counted (at most 30 rows). An unlike takes its point from the day the like was given.
 */
export const memberPointsDaily = pgTable(
  'member_points_daily',
  {
    communityId: communityColumn('community_id'),
    userId: personColumn('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    points: integer('points').notNull().default(0),
  },
  // A member's days are read by the key's range: a window is at most 30 of them.
  (t) => [primaryKey({ columns: [t.communityId, t.userId, t.day] })],
);
