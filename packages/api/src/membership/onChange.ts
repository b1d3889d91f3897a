import { feedSubscriptionInput } from '@app/shared/posts';
import { communitySubscription } from '../core/subscription.ts';
import { memberProcedure } from '../core/trpc.ts';
import { type MembershipEvent, membershipTopic } from './events.ts';

/**
 * Who joins, is approved, leaves or is removed (and that who is online may have changed), as it happens, for the community's members (join
 * requests for its owner only): open pages keep their member counts and lists current. Ends when
 * the subscriber's own membership does.
 */
export const onChange = memberProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) => {
  const isOwner = ctx.membership?.role === 'owner';
  return communitySubscription({
    ctx,
    topic: membershipTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    map: (event): MembershipEvent | null => {
      switch (event.type) {
        case 'member.joined':
        case 'membership.ended':
        case 'presence.changed':
          return event;
        // Who asked to join is the owner's business.
        case 'request.opened':
        case 'request.closed':
          return isOwner ? event : null;
        default:
          return null;
      }
    },
  });
});
