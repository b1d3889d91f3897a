import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/**
 * Live events (a post created, a like, a comment, a chat message…), written in the transaction of
 * the change they describe and announced with NOTIFY when it commits. Subscribers of every server
 * process read them by id, and a client that reconnects asks for those after the last id it saw.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Who may receive it, e.g. `community:{id}` or `conversation:{communityId}:{userA}:{userB}`. */
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_topic_idx').on(t.topic, t.id), index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Webhook notifications to deliver (e.g. to NOTIFY_WEBHOOK_URL after a post), written in the
 * transaction of their cause and sent by a worker with retries and backoff until delivered.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`)],
);

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
 * Every stored upload and who stored it: the per-user storage quota sums `size`, and the sweeper
 * deletes uploads that nothing references a day after they were stored.
 */
export const uploads = pgTable(
  'uploads',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('uploads_user_idx').on(t.userId), index('uploads_created_idx').on(t.createdAt)],
);
