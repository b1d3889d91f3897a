import { PARTNER_MESSAGES, partnerSubscriptionInput } from '@app/shared/partners';
import { liveSubscription } from '../core/subscription.ts';
import { partnerProcedure } from './procedures.ts';
import { partnerOf } from './service.ts';
import { partnerTopic } from './events.ts';

/**
 * The partner's dashboard as it changes: a referred community made or gaining (or losing) a member,
 * a ledger entry, a payout. Events carry ids and counts; the dashboard refetches what it shows.
 */
export const onDashboard = partnerProcedure.input(partnerSubscriptionInput).subscription(({ ctx, input, signal }) => {
  const partnerId = ctx.partner.userId;
  return liveSubscription({
    ctx,
    topic: partnerTopic(partnerId),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: async () => (await partnerOf(ctx.db, partnerId)) !== null,
    map: (event) => event,
    refusal: PARTNER_MESSAGES.partnersOnly,
  });
});
