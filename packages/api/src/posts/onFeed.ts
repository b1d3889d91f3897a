import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { feedSubscriptionInput } from '@app/shared/posts';
import { stillAllowed } from '../access.ts';
import { liveSubscription } from '../live/subscription.ts';
import { topics } from '../live/topics.ts';
import { memberProcedure } from '../trpc.ts';
import type { FeedEvent } from './events.ts';

/**
 * A community's posts, likes and comments as they happen, for its members. Authorized when it
 * starts; ended (FORBIDDEN) when the subscriber's session ends or their membership does. Each event
 * is tracked by its id, so a client that reconnects is first sent what it missed.
 */
export const onFeed = memberProcedure.input(feedSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const userId = ctx.user.id;
  yield* liveSubscription({
    ctx,
    topic: topics.community(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => stillAllowed(ctx.db, input, userId, 'member'),
    endsOn: (event) => event.type === 'membership.ended' && event.userId === userId,
    map: (event): FeedEvent | null => {
      switch (event.type) {
        case 'post.created':
        case 'post.updated':
        case 'post.deleted':
        case 'post.liked':
        case 'comment.created':
        case 'comment.deleted':
          return event;
        default:
          return null;
      }
    },
    refusal: COMMUNITY_MESSAGES.membersOnly,
  });
});
