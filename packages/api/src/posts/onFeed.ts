import { feedSubscriptionInput } from '@app/shared/posts';
import { communitySubscription } from '../live/subscription.ts';
import { memberProcedure } from '../trpc.ts';
import type { FeedEvent } from './events.ts';

/**
 * A community's posts, likes and comments as they happen, for its members. Authorized when it
 * starts; ended (FORBIDDEN) when the subscriber's session ends or their membership does. Each event
 * is tracked by its id, so a client that reconnects is first sent what it missed.
 */
export const onFeed = memberProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) =>
  communitySubscription({
    ctx,
    lastEventId: input.lastEventId,
    signal,
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
  }),
);
