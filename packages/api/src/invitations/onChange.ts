import { feedSubscriptionInput } from '@app/shared/posts';
import { ROLE_MESSAGES } from '@app/shared/roles';
import { stillAllowed } from '../core/access.ts';
import { liveSubscription } from '../core/subscription.ts';
import type { MembershipEnded } from '../core/topics.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { type InvitationEvent, invitationsTopic } from './events.ts';

/**
 * A ping to the owner's and admins' open invite lists when an invite is made, used or revoked (the
 * list reads itself again); ends when the subscriber is no longer an admin or a member.
 */
export const onChange = communityAdminProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) => {
  const communityId = ctx.community.id;
  const userId = ctx.user.id;
  return liveSubscription<InvitationEvent | MembershipEnded, InvitationEvent>({
    ctx,
    topic: invitationsTopic(communityId),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => stillAllowed(ctx.db, { communityId }, userId, 'community-admin'),
    allowedKey: `community-admin:${communityId}:${userId}`,
    endsOn: (event) => event.type === 'membership.ended' && event.userId === userId,
    map: (event) => (event.type === 'invites.changed' ? event : null),
    refusal: ROLE_MESSAGES.adminsOnly,
  });
});
