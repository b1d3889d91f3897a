import { comments, communities, communityEvents, courseModules, courses, notifications, posts, profiles } from '@app/db/schema';
import { MENTION_MAX, MENTION_TOKEN_LENGTH, plainMentions, type MentionedPerson } from '@app/shared/mentions';
import { listNotificationsInput, NOTIFICATION_PAGE_SIZE } from '@app/shared/notifications';
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';
import { mentionsOf } from '../membership/mentions.ts';
import { visibleToRecipient } from './service.ts';

/** The bell counts up to this ('99+' shows past it). */
export const UNREAD_COUNT_MAX = 100;

/** How much of a post or comment the list shows. */
const EXCERPT = 140;
/** What is read for it: enough that every @mention within its first characters is whole (each is drawn as '@Full Name'). */
const EXCERPT_READ = EXCERPT + MENTION_MAX * MENTION_TOKEN_LENGTH;
const excerpt = (column: typeof posts.content | typeof comments.content) => sql<string | null>`left(${column}, ${EXCERPT_READ})`;
const mentioned = (column: typeof posts.content | typeof comments.content) =>
  sql<MentionedPerson[] | null>`case when ${column} is null then null else ${mentionsOf(column, notifications.communityId)} end`;
const plain = (text: { id: string | null; excerpt: string | null; mentions: MentionedPerson[] | null } | null) =>
  text?.id ? { id: text.id, excerpt: text.excerpt === null ? null : plainMentions(text.excerpt, text.mentions ?? []).slice(0, EXCERPT) } : null;

const actor = alias(profiles, 'actor');

/** The people a group names besides the latest, newest first. */
const others = sql<{ id: string; username: string; fullName: string | null }[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'username', p.username, 'fullName', p.full_name) order by a.ord desc)
  from unnest(${notifications.actorIds}) with ordinality as a(id, ord) join ${profiles} p on p.id = a.id
  where a.id is distinct from ${notifications.actorId}), '[]'::json)`;

/**
 * The caller's notifications, newest first (by when each group last grew), paged, each with who,
 * what and where: the text of what it is about is read now, and only what the caller may see now is
 * listed (visibleToRecipient).
 */
export const list = protectedProcedure.input(listNotificationsInput).query(async ({ ctx, input }) => {
  const n = notifications;
  const rows = await ctx.db
    .select({
      id: n.id,
      kind: n.kind,
      read: sql<boolean>`${n.readAt} is not null`,
      createdAt: n.createdAt,
      updatedAt: n.updatedAt,
      cursorAt: cursorTime(n.updatedAt),
      actorCount: n.actorCount,
      data: n.data,
      actor: { id: actor.id, username: actor.username, fullName: actor.fullName, avatarUrl: actor.avatarUrl },
      others,
      community: { id: communities.id, name: communities.name, logoUrl: communities.logoUrl },
      post: { id: posts.id, excerpt: excerpt(posts.content), mentions: mentioned(posts.content) },
      comment: { id: comments.id, excerpt: excerpt(comments.content), mentions: mentioned(comments.content) },
      event: { id: communityEvents.id, title: communityEvents.title, startsAt: communityEvents.startTimestamp },
      course: { id: courses.id, title: courses.title },
      module: { id: courseModules.id, title: courseModules.title },
    })
    .from(n)
    .leftJoin(actor, eq(actor.id, n.actorId))
    .leftJoin(communities, eq(communities.id, n.communityId))
    .leftJoin(posts, eq(posts.id, n.postId))
    .leftJoin(comments, eq(comments.id, n.commentId))
    .leftJoin(communityEvents, eq(communityEvents.id, n.eventId))
    .leftJoin(courses, eq(courses.id, n.courseId))
    .leftJoin(courseModules, eq(courseModules.id, n.moduleId))
    .where(
      and(
        eq(n.recipientId, ctx.user.id),
        visibleToRecipient(),
        input.unreadOnly ? isNull(n.readAt) : undefined,
        input.cursor ? olderThan(n.updatedAt, n.id, { createdAt: input.cursor.updatedAt, id: input.cursor.id }) : undefined,
      ),
    )
    .orderBy(desc(n.updatedAt), desc(n.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const { items, nextCursor } = pageOf(rows, NOTIFICATION_PAGE_SIZE);
  return {
    items: items.map(({ actor: who, post, comment, ...item }) => ({ ...item, actor: who?.id ? who : null, post: plain(post), comment: plain(comment) })),
    nextCursor: nextCursor ? { updatedAt: nextCursor.createdAt, id: nextCursor.id } : null,
  };
});

/** How many of the caller's notifications are unread (the bell's count), counting only what they may see now; at most 100. */
export const unreadCount = protectedProcedure.query(async ({ ctx }) => {
  const rows = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.recipientId, ctx.user.id), isNull(notifications.readAt), visibleToRecipient()))
    .limit(UNREAD_COUNT_MAX);
  return rows.length;
});
