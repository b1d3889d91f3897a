import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { postCategories } from './categories.ts';
import { communityColumn } from './communities.ts';
import { personColumn } from './profiles.ts';
import { searchColumn } from './search.ts';

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    content: text('content').notNull(),
    /** One of the 17 feelings (FEELINGS in @app/shared/constants), shown before the text. */
    feeling: text('feeling'),
    userId: personColumn('user_id'),
    communityId: communityColumn('community_id'),
    attachmentKey: text('attachment_key'),
    attachmentType: text('attachment_type'),
    /** The community's category the author chose (issue 24); none once that category is deleted. */
    categoryId: uuid('category_id').references(() => postCategories.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: searchColumn('search', 'content'),
  },
  (t) => [
    index('posts_search_idx').using('gin', t.search),
    index('posts_community_feed_idx').on(t.communityId, t.createdAt, t.id),
    index('posts_user_idx').on(t.userId),
    index('posts_category_feed_idx').on(t.categoryId, t.createdAt, t.id),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    /** Up to 250 characters as read, a mention counting as one: stored, each of up to 50 mentions is 38 more. */
    content: text('content').notNull(),
    /**
     * The top comment of the thread this reply is in, of the same post: threads are one level deep (a
     * reply to a reply names the top comment). A top comment with replies is never removed while they
     * stay (it is marked deleted instead); rows written before threading may name a reply.
     */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last changed its text ('edited'); null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Deleted while it had replies: kept, its text emptied, to hold them ('Comment deleted'). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    search: searchColumn('search', 'content'),
  },
  (t) => [
    index('comments_search_idx').using('gin', t.search),
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_reply_to_idx').on(t.replyToId),
    check('comments_length', sql`char_length(${t.content}) BETWEEN 1 AND 2150 OR (${t.deletedAt} IS NOT NULL AND ${t.content} = '')`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('post_likes_one_per_user_idx').on(t.postId, t.userId), index('post_likes_user_idx').on(t.userId)],
);

/** A like on a comment: its author earns a point, as for a post. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: personColumn('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);
