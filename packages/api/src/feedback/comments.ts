import { feedbackComments } from '@app/db/schema';
import { addFeedbackCommentInput, FEEDBACK_MESSAGES, feedbackCommentIdInput, feedbackIdInput } from '@app/shared/feedback';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { feedbackAuthorOrAdminProcedure, protectedProcedure } from '../core/trpc.ts';
import { commentCount, commentsOf, currentComment, requireFeedback } from './service.ts';
import { wallTopic } from './events.ts';

/** A feedback's comments, oldest first, for signed-in people; NOT_FOUND once the feedback is gone. */
export const listComments = protectedProcedure.input(feedbackIdInput).query(async ({ ctx, input }) => {
  await requireFeedback(ctx.db, input.feedbackId);
  return commentsOf(ctx.db, input.feedbackId);
});

/** A signed-in person comments on a feedback (1 to 500 characters after trimming). */
export const addComment = protectedProcedure.meta({ rateLimit: 'feedback-comment:create' }).input(addFeedbackCommentInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await requireFeedback(tx, input.feedbackId, { lock: true });
    const [inserted] = await tx.insert(feedbackComments).values({ feedbackId: input.feedbackId, userId: ctx.user.id, text: input.text }).returning({ id: feedbackComments.id });
    const comment = (await currentComment(tx, inserted!.id))!;
    const count = await commentCount(tx, input.feedbackId);
    await publish(tx, wallTopic(), { type: 'feedback.comment.created', feedbackId: input.feedbackId, commentId: comment.id, commentCount: count });
    return { comment, commentCount: count };
  }),
);

/** Its author, or a platform admin, deletes a comment. */
export const deleteComment = feedbackAuthorOrAdminProcedure
  .meta({ rateLimit: 'feedback-comment:delete' })
  .input(feedbackCommentIdInput)
  .mutation(({ ctx, input }) =>
    ctx.db.transaction(async (tx) => {
      const [deleted] = await tx.delete(feedbackComments).where(eq(feedbackComments.id, input.feedbackCommentId)).returning({ feedbackId: feedbackComments.feedbackId });
      if (!deleted) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.commentNotFound);
      const count = await commentCount(tx, deleted.feedbackId);
      await publish(tx, wallTopic(), { type: 'feedback.comment.deleted', feedbackId: deleted.feedbackId, commentId: input.feedbackCommentId, commentCount: count });
      return { feedbackId: deleted.feedbackId, commentId: input.feedbackCommentId, commentCount: count };
    }),
  );
