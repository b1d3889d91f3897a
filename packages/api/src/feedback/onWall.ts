import { feedbackWallSubscriptionInput } from '@app/shared/feedback';
import { SIGNED_IN_MESSAGE } from '../core/errors.ts';
import { liveSubscription } from '../core/subscription.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { type FeedbackWallEvent, wallTopic } from './events.ts';
import { currentComment, currentFeedback } from './service.ts';

/**
 * The wall's feedback and comments as they happen, for signed-in people; ended when the session
 * is. Each event is tracked by its id, so a client that reconnects first gets what it missed
 * (within the replay window). Events name feedback and comments by id: each is read as it is when
 * sent, once per event for all of this process's subscribers, and a deleted one is not sent.
 */
export const onWall = protectedProcedure.input(feedbackWallSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  yield* liveSubscription({
    ctx,
    topic: wallTopic(),
    lastEventId: input.lastEventId,
    signal,
    refusal: SIGNED_IN_MESSAGE,
    // Each event is built once for all of this process's subscribers (and so encoded once).
    map: (event, id): FeedbackWallEvent | null | Promise<FeedbackWallEvent | null> => {
      const once = (build: () => Promise<FeedbackWallEvent | null>) => ctx.live.shared(`feedback:${id}`, build);
      switch (event.type) {
        case 'feedback.created':
        case 'feedback.updated':
          return once(async () => {
            const feedback = await currentFeedback(ctx.db, event.feedbackId);
            return feedback && { type: event.type, feedback };
          });
        case 'feedback.comment.created':
          return once(async () => {
            const comment = await currentComment(ctx.db, event.commentId);
            return comment && { type: 'feedback.comment.created', feedbackId: event.feedbackId, comment, commentCount: event.commentCount };
          });
        case 'feedback.deleted':
        case 'feedback.comment.deleted':
          return event;
      }
    },
  });
});
