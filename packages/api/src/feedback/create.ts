import { feedbacks } from '@app/db/schema';
import { createFeedbackInput, FEEDBACK_MESSAGES, feedbackMediaType } from '@app/shared/feedback';
import { contentTypeOfKey } from '@app/shared/uploads';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { requireOwnUpload } from '../platform/uploads/service.ts';
import { FEEDBACK_MEDIA_BUCKET, feedbackItem } from './service.ts';
import { wallTopic } from './events.ts';

/**
 * A signed-in person leaves feedback: text and a rating of 1 to 5, an optional attachment (their
 * own feedback-media upload) and an optional video link. The row and the wall's live event are one
 * transaction; the upload stays locked until it commits, so the sweeper cannot take it meanwhile.
 */
export const create = protectedProcedure.meta({ rateLimit: 'feedback:create' }).input(createFeedbackInput).mutation(async ({ ctx, input }) => {
  const contentType = input.mediaKey ? contentTypeOfKey(input.mediaKey) : null;
  if (input.mediaKey && !contentType) throw new AppError('BAD_REQUEST', FEEDBACK_MESSAGES.media);
  return ctx.db.transaction(async (tx) => {
    if (input.mediaKey) await requireOwnUpload(tx, FEEDBACK_MEDIA_BUCKET, input.mediaKey, ctx.user.id, FEEDBACK_MESSAGES.media);
    const [row] = await tx
      .insert(feedbacks)
      .values({
        userId: ctx.user.id,
        content: input.content,
        rating: input.rating,
        mediaUrl: input.mediaKey,
        mediaType: contentType ? feedbackMediaType(contentType) : null,
        videoUrl: input.videoUrl,
      })
      .returning({ id: feedbacks.id });
    await publish(tx, wallTopic(), { type: 'feedback.created', feedbackId: row!.id });
    return feedbackItem(tx, row!.id);
  });
});
