import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
