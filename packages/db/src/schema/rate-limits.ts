import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * The call budget of each caller (`person:{userId}`, `address:{ip}`) as a leaky bucket shared by every
 * server process: `level` calls used as of `updated_at`, draining at `per_second`. Each process counts
 * calls in memory and adds them here about once a second (platform/rate-limit/budget.ts).
 */
export const callBudgets = pgTable(
  'call_budgets',
  {
    subject: text('subject').primaryKey(),
    level: doublePrecision('level').notNull(),
    perSecond: doublePrecision('per_second').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_budgets_updated_idx').on(t.updatedAt)],
);

/** Every running server process, seen a moment ago: a process whose `seen_at` is old has died, and its counts no longer count. */
export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The WebSockets and live subscriptions each process holds open for each caller (`person:…`, `address:…`). */
export const liveConnections = pgTable(
  'live_connections',
  {
    processId: uuid('process_id')
      .notNull()
      .references(() => serverProcesses.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    sockets: integer('sockets').notNull(),
    subscriptions: integer('subscriptions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.subject] }), index('live_connections_subject_idx').on(t.subject)],
);
