import { feedSubscriptionInput } from '@app/shared/posts';
import { communitySubscription } from '../core/subscription.ts';
import { memberProcedure } from '../core/trpc.ts';
import { calendarTopic, type CommunityEventChange } from './events.ts';

/** The community's events as they are created, changed and deleted, for its members (ids only: pages refetch). */
export const onChange = memberProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) =>
  communitySubscription({
    ctx,
    topic: calendarTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    map: (event): CommunityEventChange | null =>
      event.type === 'event.created' || event.type === 'event.updated' || event.type === 'event.deleted' ? event : null,
  }),
);
