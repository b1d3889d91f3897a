import { feedbacks } from '@app/db/schema';
import { FEEDBACK_MESSAGES, feedbackIdInput } from '@app/shared/feedback';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { feedbackAuthorOrAdminProcedure } from '../core/trpc.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { FEEDBACK_MEDIA_BUCKET } from './service.ts';
import { wallTopic } from './events.ts';

/**
 * Its author, or a platform admin, deletes a feedback with its comments; its attachment (the
 * upload record, which gives the author's quota back, and the file) goes after the commit.
 */
export const remove = feedbackAuthorOrAdminProcedure.meta({ rateLimit: 'feedback:delete' }).input(feedbackIdInput).mutation(async ({ ctx, input }) => {
  const deleted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(feedbacks).where(eq(feedbacks.id, input.feedbackId)).returning({ id: feedbacks.id, mediaKey: feedbacks.mediaUrl });
    if (!row) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.notFound);
    await publish(tx, wallTopic(), { type: 'feedback.deleted', feedbackId: row.id });
    return row;
  });
  if (deleted.mediaKey) await discardUpload(ctx.db, ctx.storage, FEEDBACK_MEDIA_BUCKET, deleted.mediaKey);
  return { feedbackId: deleted.id };
});
