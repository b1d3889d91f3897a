import { postLikes } from '@app/db/schema';
import { likePostInput } from '@app/shared/posts';
import { and, eq, sql } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { applyPoints, likeChange, utcDay } from '../levels/service.ts';
import { memberProcedure } from '../core/trpc.ts';
import { feedTopic } from './events.ts';
import { notify, withdraw } from '../notifications/service.ts';

/**
 * Sets whether the caller likes a post: idempotent (liking twice is one like, the unique index
 * sees to it), so a double click or a retried request cannot count twice. A like from someone else
 * gives the author a point; taking it back takes the point from the day it was given.
 */
export const like = memberProcedure.meta({ rateLimit: 'post:like' }).input(likePostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const postId = input.postId;
    const changed = input.liked
      ? await tx.insert(postLikes).values({ postId, userId: ctx.user.id }).onConflictDoNothing().returning({ day: utcDay(postLikes.createdAt) })
      : await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, ctx.user.id))).returning({ day: utcDay(postLikes.createdAt) });
    // The post's author came with the call's scope (authorize loads the post the input names).
    const authorId = ctx.subject!.authorId;
    for (const { day } of changed) await applyPoints(tx, likeChange(ctx.community.id, authorId, ctx.user.id, day, input.liked ? 1 : -1));
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(postLikes).where(eq(postLikes.postId, postId));
    const likeCount = row?.n ?? 0;
    if (changed.length > 0) {
      await publish(tx, feedTopic(ctx.community.id), { type: 'post.liked', postId, userId: ctx.user.id, authorId, liked: input.liked, likeCount });
      const groupKey = `post.liked:${postId}`;
      if (input.liked) await notify(tx, [{ recipientId: authorId, kind: 'post.liked', actorId: ctx.user.id, communityId: ctx.community.id, postId, groupKey }]);
      else await withdraw(tx, authorId, groupKey, ctx.user.id);
    }
    return { postId, liked: input.liked, likeCount };
  }),
);
