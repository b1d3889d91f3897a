import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

export const feedbackMediaType = pgEnum('feedback_media_type', ['image', 'video', 'document']);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    rating: smallint('rating').notNull(),
    mediaUrl: text('media_url'),
    mediaType: feedbackMediaType('media_type'),
    videoUrl: text('video_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedbacks_created_at_idx').on(t.createdAt),
    check('feedbacks_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const feedbackComments = pgTable(
  'feedback_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_comments_feedback_idx').on(t.feedbackId, t.createdAt)],
);
