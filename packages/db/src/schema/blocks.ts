import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { personColumn } from './profiles.ts';

/**
 * One person blocks another (blocks.block): no chat messages either way while it lasts, the
 * blocked person's posts and comments are collapsed for the blocker, and they cannot @mention the
 * blocker. At most BLOCKS_MAX rows a blocker.
 */
export const personBlocks = pgTable(
  'person_blocks',
  {
    blockerId: personColumn('blocker_id'),
    blockedId: personColumn('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('person_blocks_blocked_idx').on(t.blockedId)],
);
