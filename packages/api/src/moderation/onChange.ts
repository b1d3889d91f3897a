import { moderationSubscriptionInput } from '@app/shared/moderation';
import { communitySubscription } from '../core/subscription.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { type ModerationEvent, moderationTopic } from './events.ts';

/**
 * A ping to the community's moderators, admins and owner when its open reports or moderation log
 * change: their open queue, count and log read again. Ends when the subscriber no longer moderates
 * (re-checked like any subscription) or their membership ends.
 */
export const onChange = moderatorProcedure.input(moderationSubscriptionInput).subscription(({ ctx, input, signal }) =>
  communitySubscription<ModerationEvent, ModerationEvent>({
    ctx,
    topic: moderationTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    rule: 'moderator',
    map: (event) => (event.type === 'moderation.changed' ? event : null),
  }),
);
