import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { profiles } from './profiles.ts';

export const communityEvents = pgTable(
  'community_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startTimestamp: timestamp('start_timestamp', { withTimezone: true }).notNull(),
    endTimestamp: timestamp('end_timestamp', { withTimezone: true }).notNull(),
    meetingLink: text('meeting_link'),
    coverImageUrl: text('cover_image_url'),
    videoUrl: text('video_url'),
    reminderMinutes: integer('reminder_minutes'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('community_events_calendar_idx').on(t.communityId, t.startTimestamp),
    check('community_events_order', sql`${t.endTimestamp} >= ${t.startTimestamp}`),
    check(
      'community_events_reminder',
      sql`${t.reminderMinutes} IS NULL OR ${t.reminderMinutes} IN (5, 15, 30, 60, 1440)`,
    ),
  ],
);
