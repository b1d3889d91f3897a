import { comments, profiles } from '@app/db/schema';
import { mentionedIds } from '@app/shared/mentions';
import { commentIdInput, POST_MESSAGES, updateCommentInput } from '@app/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { authorOrModeratorProcedure, authorProcedure } from '../core/trpc.ts';
import { checkMentions } from '../membership/mentions.ts';
import { logModeration } from '../moderation/service.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';
import { notifyOfCommentMentions } from './notices.ts';
import { deleteComment as removeComment, lockComment } from './removal.ts';
import { commentColumns } from './service.ts';

const notFound = () => new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);

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
 * Its author, or a moderator who outranks them, deletes a comment (removal.ts says how); a
 * moderator's deletion goes in the moderation log.
 */
export const deleteComment = authorOrModeratorProcedure.input(commentIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const { authorId, ...deleted } = await removeComment(tx, ctx.community.id, input.commentId);
    if (authorId !== ctx.user.id) {
      await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'comment.removed', targetId: authorId, item: { kind: 'comment', id: input.commentId } });
    }
    return deleted;
  }),
);
