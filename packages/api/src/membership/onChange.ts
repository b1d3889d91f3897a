import { feedSubscriptionInput } from '@app/shared/posts';
import { mayModerate } from '../core/access.ts';
import { communitySubscription } from '../core/subscription.ts';
import { memberProcedure } from '../core/trpc.ts';
import { type MembershipEvent, membershipTopic } from './events.ts';

/**
 * Who joins, is approved, leaves or is removed, as it happens, for the community's members (join
 * requests and bans for its moderators, admins and owner only; role changes and that who is online may have
 * changed, for all): open pages keep their member counts and lists current. Ends when
 * the subscriber's own membership does.
 */
export const onChange = memberProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) => {
  const moderates = mayModerate(ctx);
  return communitySubscription({
    ctx,
    topic: membershipTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    map: (event): MembershipEvent | null => {
      switch (event.type) {
        case 'member.joined':
        case 'membership.ended':
        case 'role.changed':
        case 'presence.changed':
          return event;
        // Who asked to join is the moderators' business (their role as the subscription began; a
        // role change makes the web subscribe again).
        case 'request.opened':
        case 'request.closed':
        case 'bans.changed':
          return moderates ? event : null;
        default:
          return null;
      }
    },
  });
});
