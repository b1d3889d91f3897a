import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { comments, posts } from './posts.ts';
import { personColumn, profiles } from './profiles.ts';

/**
 * A member's report of a post, a comment or a member: open until a moderator acts on the item's
 * group (every open report about one item), then resolved with what was done. A removed post or
 * comment takes its reports with it (the log and the reporters' notifications say what happened).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    reporterId: personColumn('reporter_id'),
    /** 'post', 'comment' or 'member' (REPORT_KINDS in @app/shared/moderation). */
    kind: text('kind').notNull(),
    /** The post, comment or person reported: the group's key. */
    itemId: uuid('item_id').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** Who is reported: the member, or the post's or comment's author. */
    subjectId: personColumn('subject_id'),
    /** One of REPORT_REASONS; `details` is the reporter's words (required for 'other'). */
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').notNull().default('open'),
    /** What the moderator did (REPORT_ACTIONS), once resolved. */
    outcome: text('outcome'),
    resolvedBy: uuid('resolved_by').references(() => profiles.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_reporter_idx').on(t.reporterId, t.communityId, t.itemId).where(sql`${t.status} = 'open'`),
    index('reports_queue_idx').on(t.communityId, t.itemId).where(sql`${t.status} = 'open'`),
    index('reports_subject_idx').on(t.subjectId),
  ],
);

/**
 * Every moderation action in a community: who (`actorId`), what (`action`, about `targetId` and
 * the item), when, and why (`reason`, the moderator's note; `data`: the reports' reasons and count,
 * a role given). It names things by id only: a removed post's text is not kept here.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: communityColumn('community_id'),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** One of MODERATION_ACTIONS (@app/shared/moderation). */
    action: text('action').notNull(),
    /** The person acted on (the author of a removed post, the member banned, the applicant). */
    targetId: uuid('target_id').references(() => profiles.id, { onDelete: 'set null' }),
    itemKind: text('item_kind'),
    itemId: uuid('item_id'),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_list_idx').on(t.communityId, t.createdAt, t.id)],
);
