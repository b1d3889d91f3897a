import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { personColumn } from './profiles.ts';

export const feedbackMediaType = pgEnum('feedback_media_type', ['image', 'video', 'document']);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: personColumn('user_id'),
    content: text('content').notNull(),
    rating: smallint('rating').notNull(),
    /** The storage key of the author's `feedback-media` upload (served by GET /api/feedbacks/{id}/media to signed-in people). */
    mediaUrl: text('media_url'),
    mediaType: feedbackMediaType('media_type'),
    videoUrl: text('video_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the database's clock on each edit: later than created_at means edited. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The wall pages newest first by (created_at, id).
    index('feedbacks_wall_idx').on(t.createdAt, t.id),
    index('feedbacks_user_idx').on(t.userId),
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
    userId: personColumn('user_id'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_comments_feedback_idx').on(t.feedbackId, t.createdAt, t.id),
    index('feedback_comments_user_idx').on(t.userId),
    check('feedback_comments_length', sql`char_length(${t.text}) BETWEEN 1 AND 500`),
  ],
);
