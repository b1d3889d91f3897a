import { COMMUNITY_MESSAGES, communityIdInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { stopSubscription } from '../payments/cancellations.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { closeRequest, dischargeMember, loadCommunity, membershipOf } from './service.ts';

/**
 * A member leaves (or withdraws a pending request); the owner cannot leave their own community.
 * Access ends now; the subscription that paid for it is cancelled at the end of the month already
 * paid (after the commit), so the person is not charged again.
 */
export const leave = protectedProcedure.meta({ rateLimit: 'membership:leave' }).input(communityIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const community = await loadCommunity(tx, input.communityId, { lock: true });
    if (community.ownerId === ctx.user.id) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.ownerCannotLeave);
    const membership = await membershipOf(tx, community.id, ctx.user.id);
    if (!membership) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchMember);
    if (membership.status === 'pending') {
      await closeRequest(tx, community.id, ctx.user.id);
      return { membersCount: community.membersCount };
    }
    const { membersCount, checkoutId } = await dischargeMember(tx, community.id, ctx.user.id);
    if (checkoutId) await stopSubscription(tx, checkoutId, 'at_period_end', 'left');
    return { membersCount };
  }),
);
