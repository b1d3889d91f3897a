import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { personColumn } from './profiles.ts';

/**
 * Every stored upload and who stored it: the per-user storage quota sums `size`, and the sweeper
 * deletes uploads that nothing references a day after they were stored.
 */
export const uploads = pgTable(
  'uploads',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    userId: personColumn('user_id'),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('uploads_user_idx').on(t.userId), index('uploads_created_idx').on(t.createdAt)],
);
