import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** Attempts after which the row is given up (dead-lettered); null: retried until done. */
    maxAttempts: integer('max_attempts'),
    /** When the row was given up after maxAttempts failures: kept as the dead-letter record. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL AND ${t.deadAt} IS NULL`)],
);
