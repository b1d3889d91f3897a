import { feedbacks } from '@app/db/schema';
import { updateFeedbackInput } from '@app/shared/feedback';
import { eq, sql } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { feedbackAuthorProcedure } from '../core/trpc.ts';
import { feedbackItem } from './service.ts';
import { wallTopic } from './events.ts';

/** Its author edits a feedback's text, rating and video link; the edit time is the database's, as the creation time is. */
export const update = feedbackAuthorProcedure.meta({ rateLimit: 'feedback:update' }).input(updateFeedbackInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await tx
      .update(feedbacks)
      .set({ content: input.content, rating: input.rating, videoUrl: input.videoUrl, updatedAt: sql`now()` })
      .where(eq(feedbacks.id, input.feedbackId));
    const item = await feedbackItem(tx, input.feedbackId);
    await publish(tx, wallTopic(), { type: 'feedback.updated', feedbackId: item.id });
    return item;
  }),
);
