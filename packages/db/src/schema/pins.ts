import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { posts } from './posts.ts';
import { personColumn } from './profiles.ts';

/** A post pinned to the top of its community's feed (at most 3 a community, kept by the service), in `pinned_at` order. */
export const postPins = pgTable(
  'post_pins',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    communityId: communityColumn('community_id'),
    pinnedBy: personColumn('pinned_by'),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_pins_community_idx').on(t.communityId, t.pinnedAt)],
);
