import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';

/** A community's post categories (at most 10, kept by the service), shown as chips above the feed in `position` order. */
export const postCategories = pgTable(
  'post_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    name: text('name').notNull(),
    /** One emoji, shown before the name. */
    emoji: text('emoji').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_categories_name_idx').on(t.communityId, sql`lower(${t.name})`),
    index('post_categories_position_idx').on(t.communityId, t.position),
  ],
);
