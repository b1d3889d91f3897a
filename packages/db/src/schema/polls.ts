import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';
import { personColumn } from './profiles.ts';
import { searchColumn } from './search.ts';

/** A post's poll (at most one a post, so the post's id is the poll's). */
export const polls = pgTable(
  'polls',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** When voting ends by itself; null: open until closed by hand. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** When the author or the owner closed it early. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** A poll's choices, in the author's order (2 to 10, each up to POLL_OPTION_MAX characters). */
export const pollOptions = pgTable(
  'poll_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    search: searchColumn('search', 'label'),
  },
  (t) => [
    index('poll_options_search_idx').using('gin', t.search),
    unique('poll_options_position_unique').on(t.postId, t.position),
    // A vote names its option together with its poll, so a vote cannot point at another poll's option.
    unique('poll_options_post_option_unique').on(t.postId, t.id),
    check('poll_options_label_length', sql`char_length(${t.label}) BETWEEN 1 AND 100`),
  ],
);

/**
 * One vote a person per poll (changing it rewrites the row). It stays when its voter leaves or is
 * removed from the community; it goes with their account, or with the poll.
 */
export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: uuid('post_id').notNull(),
    userId: personColumn('user_id'),
    optionId: uuid('option_id').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    foreignKey({ columns: [t.postId, t.optionId], foreignColumns: [pollOptions.postId, pollOptions.id] }).onDelete('cascade'),
    index('poll_votes_option_idx').on(t.optionId),
    index('poll_votes_user_idx').on(t.userId),
  ],
);
