import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { moderationSubscriptionInput } from '@app/shared/moderation';
import { stillAllowed } from '../core/access.ts';
import { liveSubscription } from '../core/subscription.ts';
import type { MembershipEnded } from '../core/topics.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { type ModerationEvent, moderationTopic } from './events.ts';

/**
 * A ping to the community's moderators, admins and owner when its open reports or moderation log
 * change: their open queue, count and log read again. Ends when the subscriber no longer moderates
 * (re-checked like any subscription) or their membership ends.
 */
export const onChange = moderatorProcedure.input(moderationSubscriptionInput).subscription(({ ctx, input, signal }) => {
  const userId = ctx.user.id;
  const communityId = ctx.community.id;
  return liveSubscription<ModerationEvent | MembershipEnded, ModerationEvent>({
    ctx,
    topic: moderationTopic(communityId),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => stillAllowed(ctx.db, { communityId }, userId, 'moderator'),
    allowedKey: `moderator:${communityId}:${userId}`,
    endsOn: (event) => event.type === 'membership.ended' && event.userId === userId,
    map: (event) => (event.type === 'moderation.changed' ? event : null),
    refusal: COMMUNITY_MESSAGES.membersOnly,
  });
});
