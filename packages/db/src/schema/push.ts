import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { personColumn } from './profiles.ts';

/**
 * The browsers (devices) a person turned push notifications on in: one row per push service
 * endpoint, which is a secret capability URL of that browser. A row goes when its person does, when
 * they turn pushes off there, or when the push service answers that it is gone (404 or 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: personColumn('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's keys (base64url) that the payload is encrypted to (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A phone or tablet: its pushes follow the mobile settings when they are on. */
    mobile: boolean('mobile').notNull().default(false),
    /** The interface language the browser used when it subscribed: the pushes' language. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
