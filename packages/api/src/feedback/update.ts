import { feedbacks } from '@app/db/schema';
import { updateFeedbackInput } from '@app/shared/feedback';
import { eq, sql } from 'drizzle-orm';
import { publish } from '../live/publish.ts';
import { topics } from '../live/topics.ts';
import { feedbackAuthorProcedure } from '../trpc.ts';
import { feedbackItem } from './service.ts';

/** Its author edits a feedback's text, rating and video link; the edit time is the database's, as the creation time is. */
export const update = feedbackAuthorProcedure.meta({ rateLimit: 'feedback:update' }).input(updateFeedbackInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await tx
      .update(feedbacks)
      .set({ content: input.content, rating: input.rating, videoUrl: input.videoUrl, updatedAt: sql`now()` })
      .where(eq(feedbacks.id, input.feedbackId));
    const item = await feedbackItem(tx, input.feedbackId);
    await publish(tx, topics.feedbackWall(), { type: 'feedback.updated', feedbackId: item.id });
    return item;
  }),
);
