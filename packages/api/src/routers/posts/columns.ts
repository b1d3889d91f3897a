import type { Queryable } from '@app/db';
import { comments, postLikes, posts, profiles } from '@app/db/schema';
import { POST_MESSAGES } from '@app/shared/posts';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';

export const authorColumns = { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl };

/**
 * A feed item: the post, its author, like count, whether `viewerId` likes it and the comment
 * count, all in the one query that lists the page (correlated subqueries on indexed columns).
 */
export function postColumns(viewerId: string) {
  return {
    id: posts.id,
    communityId: posts.communityId,
    content: posts.content,
    feeling: posts.feeling,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    attachmentType: posts.attachmentType,
    attachmentUrl: sql<string | null>`case when ${posts.attachmentKey} is null then null else '/api/posts/' || ${posts.id} || '/attachment' end`,
    author: authorColumns,
    likeCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
    likedByMe: sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
    commentCount: sql<number>`(select count(*)::int from ${comments} where ${comments.postId} = ${posts.id})`,
  };
}

export async function feedItem(db: Queryable, postId: string, viewerId: string) {
  const [item] = await db.select(postColumns(viewerId)).from(posts).innerJoin(profiles, eq(profiles.id, posts.userId)).where(eq(posts.id, postId));
  if (!item) throw new TRPCError({ code: 'NOT_FOUND', message: POST_MESSAGES.notFound });
  return item;
}

export type FeedItem = Awaited<ReturnType<typeof feedItem>>;

/** The post with its community's owner, for the author-or-owner checks; NOT_FOUND when gone. */
export async function loadPost(db: Queryable, postId: string) {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw new TRPCError({ code: 'NOT_FOUND', message: POST_MESSAGES.notFound });
  return post;
}
