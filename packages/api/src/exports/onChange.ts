import { exportSubscriptionInput } from '@app/shared/exports';
import { SIGNED_IN_MESSAGE } from '../core/errors.ts';
import { liveSubscription } from '../core/subscription.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { exportTopic } from './events.ts';

/** A ping on each of the caller's open pages when their export changes (asked for, ready, failed, expired): the page refetches. */
export const onChange = protectedProcedure.input(exportSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  yield* liveSubscription({
    ctx,
    topic: exportTopic(ctx.user.id),
    lastEventId: input.lastEventId,
    signal,
    map: (event) => (event.type === 'export.changed' ? event : null),
    refusal: SIGNED_IN_MESSAGE,
  });
});
