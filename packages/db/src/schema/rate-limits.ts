import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process: one row per limit and caller (`post:create:{userId}`),
 * counting hits in the fixed window that started at `window_start`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);
