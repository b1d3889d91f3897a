import type { Queryable } from '@app/db';
import { commentLikes, comments, postLikes, postPins, posts, profiles } from '@app/db/schema';
import { POST_MESSAGES } from '@app/shared/posts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { pointsIn } from '../levels/service.ts';
import { mentionsOf } from '../membership/mentions.ts';
import { pollColumn } from './polls.ts';

/** Post attachments live in a private bucket, served by GET /api/posts/{id}/attachment to members only. */
export const POST_ATTACHMENT_BUCKET = 'documents-post';

export const authorColumns = { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl };

/** The author with their points in the community (their level badge is worked out from them). */
const authorIn = (communityId: SQL | typeof posts.communityId) => ({ ...authorColumns, points: pointsIn(communityId, profiles.id) });

/**
 * A feed item: the post, its author, like count, whether `viewerId` likes it and the comment
 * count, all in the one query that lists the page (correlated subqueries on indexed columns).
 */
export function postColumns(viewerId: string) {
  return {
    id: posts.id,
    communityId: posts.communityId,
    content: posts.content,
    mentions: mentionsOf(posts.content, posts.communityId),
    feeling: posts.feeling,
    categoryId: posts.categoryId,
    /** When it was pinned to the top of the feed; null: not pinned. */
    pinnedAt: sql<Date | null>`(select ${postPins.pinnedAt} from ${postPins} where ${postPins.postId} = ${posts.id})`.mapWith((value: string): Date | null => new Date(value)),
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    attachmentType: posts.attachmentType,
    attachmentUrl: sql<string | null>`case when ${posts.attachmentKey} is null then null else '/api/posts/' || ${posts.id} || '/attachment' end`,
    author: authorIn(posts.communityId),
    likeCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
    likedByMe: sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
    commentCount: sql<number>`(select count(*)::int from ${comments} where ${comments.postId} = ${posts.id} and ${comments.deletedAt} is null)`,
    poll: pollColumn(posts.id, viewerId),
  };
}

export async function feedItem(db: Queryable, postId: string, viewerId: string) {
  const [item] = await db.select(postColumns(viewerId)).from(posts).innerJoin(profiles, eq(profiles.id, posts.userId)).where(eq(posts.id, postId));
  if (!item) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
  return item;
}

export type FeedItem = Awaited<ReturnType<typeof feedItem>>;

/** Nobody's id: a post read for every subscriber at once, liked by none of them (a new post is not). */
export const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** The post as it is now, for live subscribers; null once deleted. */
export async function currentPost(db: Queryable, postId: string): Promise<FeedItem | null> {
  const [item] = await db.select(postColumns(NO_VIEWER)).from(posts).innerJoin(profiles, eq(profiles.id, posts.userId)).where(eq(posts.id, postId));
  return item ?? null;
}

/** The comment as it is now, for live subscribers; null once deleted. */
export async function currentComment(db: Queryable, commentId: string) {
  const [comment] = await db.select(commentColumns(NO_VIEWER)).from(comments).innerJoin(profiles, eq(profiles.id, comments.userId)).where(eq(comments.id, commentId));
  return comment ?? null;
}

const communityOfComment = sql`(select ${posts.communityId} from ${posts} where ${posts.id} = ${comments.postId})`;

/** The thread a reply is in: its top comment's id and author (null for a top comment). */
const replyTo = sql<{ id: string; author: { id: string; username: string; fullName: string | null } } | null>`(
  select json_build_object('id', rc.id, 'author', json_build_object('id', rp.id, 'username', rp.username, 'fullName', rp.full_name))
  from ${comments} rc join ${profiles} rp on rp.id = rc.user_id where rc.id = ${comments.replyToId})`;

/**
 * A comment with its author, the people it mentions, the thread it is in, its like count and whether
 * `viewerId` likes it; when it was edited, and whether it is deleted (kept for its replies, its text empty).
 */
export function commentColumns(viewerId: string) {
  return {
    id: comments.id,
    postId: comments.postId,
    content: comments.content,
    mentions: mentionsOf(comments.content, communityOfComment),
    replyTo,
    createdAt: comments.createdAt,
    editedAt: comments.editedAt,
    deleted: sql<boolean>`${comments.deletedAt} is not null`,
    author: authorIn(communityOfComment),
    likeCount: sql<number>`(select count(*)::int from ${commentLikes} where ${commentLikes.commentId} = ${comments.id})`,
    likedByMe: sql<boolean>`exists(select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
  };
}

export type FeedComment = NonNullable<Awaited<ReturnType<typeof currentComment>>>;

/** A post's comments and replies, not counting deleted ones kept for their replies. */
export async function commentCount(db: Queryable, postId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(comments).where(and(eq(comments.postId, postId), isNull(comments.deletedAt)));
  return row?.n ?? 0;
}

/** The stored file attached to a post (the caller has checked the viewer is a member of its community). */
export async function postAttachment(db: Queryable, postId: string) {
  const [post] = await db.select({ key: posts.attachmentKey, contentType: posts.attachmentType }).from(posts).where(eq(posts.id, postId));
  if (!post?.key || !post.contentType) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
  return { bucket: POST_ATTACHMENT_BUCKET, key: post.key, contentType: post.contentType } as const;
}
