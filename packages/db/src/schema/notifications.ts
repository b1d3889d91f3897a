import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityEvents } from './calendar.ts';
import { communities, communityColumn } from './communities.ts';
import { courseModules, courses } from './courses.ts';
import { comments, posts } from './posts.ts';
import { personColumn, profiles } from './profiles.ts';

/**
 * What the bell lists: one row per person and thing that happened (or per group of them: the likes
 * of one post while unread are one row, 'Ana and 3 others liked your post'). A row names what it is
 * about by id only, never by its text: the list reads the text at read time, and the foreign keys
 * take a row away with the post, comment, event, course or module it names.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: personColumn('recipient_id'),
    /** One of NOTIFICATION_KINDS (@app/shared/notifications). */
    kind: text('kind').notNull(),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    /** The latest person who did it (null once their account is gone). */
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The latest few people of a group, newest last (for 'Ana, Ben and 3 others'). */
    actorIds: uuid('actor_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** How many people the group counts. */
    actorCount: integer('actor_count').notNull().default(1),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => communityEvents.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id').references(() => courseModules.id, { onDelete: 'cascade' }),
    /** Small facts that are not text anyone wrote: a level reached, an amount paid. */
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    /** Rows with the same key group while unread (a post's likes); a mention's key is never reused. */
    groupKey: text('group_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an e-mail or a push told of it (each is sent at most once). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves forward when the group grows: the list is newest first by this. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_list_idx').on(t.recipientId, t.updatedAt, t.id),
    uniqueIndex('notifications_open_group_idx').on(t.recipientId, t.groupKey).where(sql`${t.readAt} IS NULL`),
    index('notifications_unsent_idx').on(t.createdAt).where(sql`${t.emailedAt} IS NULL AND ${t.readAt} IS NULL`),
    index('notifications_post_idx').on(t.postId),
    index('notifications_comment_idx').on(t.commentId),
  ],
);

/** Communities a person muted: nothing from them reaches their bell, e-mail or devices. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: personColumn('user_id'),
    communityId: communityColumn('community_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] })],
);

/** Fan-outs done (a new event told to a community's members, say): each key is done once. */
export const notificationFanOuts = pgTable('notification_fan_outs', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * E-mails queued that are not about one notification row (a digest, a welcome): each key (say
 * `digest:weekly:<person>:2026-W48`) is queued once, in the transaction that queues the e-mail.
 */
export const emailsSent = pgTable(
  'emails_sent',
  {
    key: text('key').primaryKey(),
    userId: personColumn('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('emails_sent_user_idx').on(t.userId, t.createdAt)],
);
