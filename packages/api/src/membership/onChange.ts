import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { feedSubscriptionInput } from '@app/shared/posts';
import { stillAllowed } from '../access.ts';
import { liveSubscription } from '../live/subscription.ts';
import { topics } from '../live/topics.ts';
import { memberProcedure } from '../trpc.ts';
import type { MembershipEvent } from './events.ts';

/**
 * Who joins, is approved, leaves or is removed, as it happens, for the community's members (join
 * requests for its owner only): open pages keep their member counts and lists current. Ends when
 * the subscriber's own membership does.
 */
export const onChange = memberProcedure.input(feedSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const userId = ctx.user.id;
  const isOwner = ctx.membership?.role === 'owner';
  yield* liveSubscription({
    ctx,
    topic: topics.community(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => stillAllowed(ctx.db, input, userId, 'member'),
    endsOn: (event) => event.type === 'membership.ended' && event.userId === userId,
    map: (event): MembershipEvent | null => {
      switch (event.type) {
        case 'member.joined':
        case 'membership.ended':
          return event;
        // Who asked to join is the owner's business.
        case 'request.opened':
        case 'request.closed':
          return isOwner ? event : null;
        default:
          return null;
      }
    },
    refusal: COMMUNITY_MESSAGES.membersOnly,
  });
});
