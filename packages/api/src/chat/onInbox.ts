import { CHAT_MESSAGES, inboxSubscriptionInput } from '@app/shared/chat';
import { liveSubscription } from '../core/subscription.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { inboxTopic } from './events.ts';

/** A ping whenever the caller's conversations change (a message to them, messages read): the top bar refetches. */
export const onInbox = protectedProcedure.input(inboxSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  yield* liveSubscription({
    ctx,
    topic: inboxTopic(ctx.user.id),
    lastEventId: input.lastEventId,
    signal,
    map: (event) => (event.type === 'inbox' ? event : null),
    refusal: CHAT_MESSAGES.notMembers,
  });
});
