import { commentLikes, comments } from '@app/db/schema';
import { likeCommentInput, POST_MESSAGES } from '@app/shared/posts';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { applyPoints, likeChange, utcDay } from '../levels/service.ts';
import { memberProcedure } from '../core/trpc.ts';
import { feedTopic } from './events.ts';
import { notify, withdraw } from '../notifications/service.ts';

/**
 * Sets whether the caller likes a comment, as for a post: idempotent, a point for its author when
 * someone else likes it, taken back from the day it was given on unliking. A deleted comment (kept
 * for its replies) is not there to like: it is locked first, so a deletion under way finishes first.
 */
export const likeComment = memberProcedure.meta({ rateLimit: 'post:like' }).input(likeCommentInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const { commentId, liked } = input;
    const [target] = await tx.select({ deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, commentId)).for('key share');
    if (!target || target.deletedAt) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
    const changed = liked
      ? await tx.insert(commentLikes).values({ commentId, userId: ctx.user.id }).onConflictDoNothing().returning({ day: utcDay(commentLikes.createdAt) })
      : await tx
          .delete(commentLikes)
          .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, ctx.user.id)))
          .returning({ day: utcDay(commentLikes.createdAt) });
    const [comment] = await tx
      .select({ authorId: comments.userId, postId: comments.postId, likeCount: sql<number>`(select count(*)::int from ${commentLikes} where ${commentLikes.commentId} = ${comments.id})` })
      .from(comments)
      .where(eq(comments.id, commentId));
    const { authorId, postId, likeCount } = comment!;
    for (const { day } of changed) await applyPoints(tx, likeChange(ctx.community.id, authorId, ctx.user.id, day, liked ? 1 : -1));
    if (changed.length > 0) {
      await publish(tx, feedTopic(ctx.community.id), { type: 'comment.liked', postId, commentId, userId: ctx.user.id, authorId, liked, likeCount });
      const groupKey = `comment.liked:${commentId}`;
      if (liked) await notify(tx, [{ recipientId: authorId, kind: 'comment.liked', actorId: ctx.user.id, communityId: ctx.community.id, postId, commentId, groupKey }]);
      else await withdraw(tx, authorId, groupKey, ctx.user.id);
    }
    return { commentId, postId, liked, likeCount };
  }),
);
