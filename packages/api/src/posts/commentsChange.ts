import type { Queryable } from '@app/db';
import { commentLikes, comments, profiles } from '@app/db/schema';
import { mentionedIds } from '@app/shared/mentions';
import { commentIdInput, POST_MESSAGES, updateCommentInput } from '@app/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { authorOrModeratorProcedure, authorProcedure } from '../core/trpc.ts';
import { applyPoints, commentPoints } from '../levels/service.ts';
import { checkMentions } from '../membership/mentions.ts';
import { forgetComment } from '../notifications/service.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';
import { notifyOfCommentMentions } from './notices.ts';
import { commentColumns, commentCount } from './service.ts';

const notFound = () => new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);

/** Locks a comment against replies and other changes until the transaction ends; null when it is gone. */
async function lockComment(tx: Queryable, commentId: string) {
  const [row] = await tx
    .select({ postId: comments.postId, replyToId: comments.replyToId, content: comments.content, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.id, commentId))
    .for('update');
  return row ?? null;
}

/**
 * Its author (only) edits a comment, under the same rules as a new one; it is marked edited (the
 * database's clock) unless the text is the same. A mention added tells the person added (once per
 * comment, ever); those mentioned before were told already. A deleted comment cannot be edited.
 */
export const updateComment = authorProcedure
  .meta({ refusal: POST_MESSAGES.notCommentEditor })
  .input(updateCommentInput)
  .mutation(({ ctx, input }) =>
    ctx.db.transaction(async (tx) => {
      const mentioned = await checkMentions(tx, ctx.community.id, input.content, ctx.user.id);
      const before = await lockComment(tx, input.commentId);
      if (!before || before.deletedAt) throw notFound();
      if (before.content !== input.content) {
        await tx.update(comments).set({ content: input.content, editedAt: sql`now()` }).where(eq(comments.id, input.commentId));
        await publish(tx, feedTopic(ctx.community.id), { type: 'comment.updated', postId: before.postId, commentId: input.commentId });
        const told = new Set(mentionedIds(before.content));
        await notifyOfCommentMentions(tx, {
          communityId: ctx.community.id,
          postId: before.postId,
          commentId: input.commentId,
          actorId: ctx.user.id,
          mentioned: mentioned.filter((id) => !told.has(id)),
        });
      }
      const [comment] = await tx.select(commentColumns(ctx.user.id)).from(comments).innerJoin(profiles, eq(profiles.id, comments.userId)).where(eq(comments.id, input.commentId));
      return comment!;
    }),
  );

/**
 * Its author or the community owner deletes a comment; the points its likes gave are taken back. A
 * top comment with replies is kept, its text emptied and its likes and notices gone, to hold them
 * ('Comment deleted'); anything else is removed, and a deleted top comment goes with its last reply.
 * The post's count leaves deleted comments out. The thread's top comment is locked before the
 * comment (the order addComment takes), so a reply cannot slip in beside a removal.
 */
export const deleteComment = authorOrModeratorProcedure.input(commentIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [named] = await tx.select({ replyToId: comments.replyToId }).from(comments).where(eq(comments.id, input.commentId));
    const topId = named?.replyToId ?? null;
    if (topId) await lockComment(tx, topId);
    const target = await lockComment(tx, input.commentId);
    if (!target || target.deletedAt) throw notFound();
    const { postId } = target;
    const topic = feedTopic(ctx.community.id);
    await applyPoints(tx, await commentPoints(tx, eq(comments.id, input.commentId)));
    const kept = (await tx.$count(comments, eq(comments.replyToId, input.commentId))) > 0;
    const removed: string[] = [];
    if (kept) {
      await tx.delete(commentLikes).where(eq(commentLikes.commentId, input.commentId));
      await tx.update(comments).set({ content: '', deletedAt: sql`now()` }).where(eq(comments.id, input.commentId));
      await forgetComment(tx, input.commentId);
    } else {
      await tx.delete(comments).where(eq(comments.id, input.commentId));
      removed.push(input.commentId);
    }
    if (topId && !kept) {
      const [top] = await tx.select({ deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, topId));
      if (top?.deletedAt && (await tx.$count(comments, eq(comments.replyToId, topId))) === 0) {
        await tx.delete(comments).where(eq(comments.id, topId));
        removed.push(topId);
      }
    }
    const count = await commentCount(tx, postId);
    await publish(tx, topic, { type: 'comment.deleted', postId, commentId: input.commentId, commentCount: count, kept });
    if (removed.length > 1) await publish(tx, topic, { type: 'comment.deleted', postId, commentId: topId!, commentCount: count, kept: false });
    return { postId, commentId: input.commentId, commentCount: count, kept, removed };
  }),
);
