import { feedSubscriptionInput } from '@app/shared/posts';
import { ROLE_MESSAGES } from '@app/shared/roles';
import { communitySubscription } from '../core/subscription.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { type InvitationEvent, invitationsTopic } from './events.ts';

/**
 * A ping to the owner's and admins' open invite lists when an invite is made, used or revoked (the
 * list reads itself again); ends when the subscriber is no longer an admin or a member.
 */
export const onChange = communityAdminProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) =>
  communitySubscription<InvitationEvent, InvitationEvent>({
    ctx,
    topic: invitationsTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    rule: 'community-admin',
    refusal: ROLE_MESSAGES.adminsOnly,
    map: (event) => (event.type === 'invites.changed' ? event : null),
  }),
);
