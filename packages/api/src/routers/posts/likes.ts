import { postLikes } from '@app/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { POST_MESSAGES } from '@app/shared/posts';
import { publish, topics } from '../../live/publish.ts';
import { requireMember } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';
import { loadPost } from './columns.ts';

export const likeInput = z.object({ postId: z.uuid({ error: POST_MESSAGES.notFound }), liked: z.boolean() });

/**
 * Sets whether the caller likes a post: idempotent (liking twice is one like, the unique index
 * sees to it), so a double click or a retried request cannot count twice.
 */
export const like = protectedProcedure.input(likeInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const post = await loadPost(tx, input.postId);
    await requireMember(tx, post.communityId, ctx.user.id);
    const changed = input.liked
      ? await tx.insert(postLikes).values({ postId: post.id, userId: ctx.user.id }).onConflictDoNothing().returning({ id: postLikes.id })
      : await tx.delete(postLikes).where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, ctx.user.id))).returning({ id: postLikes.id });
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(postLikes).where(eq(postLikes.postId, post.id));
    const likeCount = row?.n ?? 0;
    if (changed.length > 0) {
      await publish(tx, topics.community(post.communityId), 'post.liked', { postId: post.id, userId: ctx.user.id, liked: input.liked, likeCount });
    }
    return { postId: post.id, liked: input.liked, likeCount };
  }),
);
