import { postLikes } from '@app/db/schema';
import { likePostInput } from '@app/shared/posts';
import { and, eq, sql } from 'drizzle-orm';
import { publish } from '../live/publish.ts';
import { topics } from '../live/topics.ts';
import { memberProcedure } from '../trpc.ts';

/**
 * Sets whether the caller likes a post: idempotent (liking twice is one like, the unique index
 * sees to it), so a double click or a retried request cannot count twice.
 */
export const like = memberProcedure.meta({ rateLimit: 'post:like' }).input(likePostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const postId = input.postId;
    const changed = input.liked
      ? await tx.insert(postLikes).values({ postId, userId: ctx.user.id }).onConflictDoNothing().returning({ id: postLikes.id })
      : await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, ctx.user.id))).returning({ id: postLikes.id });
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(postLikes).where(eq(postLikes.postId, postId));
    const likeCount = row?.n ?? 0;
    if (changed.length > 0) {
      await publish(tx, topics.community(ctx.community.id), { type: 'post.liked', postId, userId: ctx.user.id, liked: input.liked, likeCount });
    }
    return { postId, liked: input.liked, likeCount };
  }),
);
