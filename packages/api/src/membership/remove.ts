import { COMMUNITY_MESSAGES, memberActionInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { expireOpenCheckouts } from '../payments/checkouts.ts';
import { stopSubscription } from '../payments/cancellations.ts';
import { ownerProcedure } from '../core/trpc.ts';
import { ban, dischargeMember, loadCommunity } from './service.ts';

/**
 * The owner removes an approved member (never themselves); the seat is freed and the person cannot
 * join again. The subscription that paid for the membership is revoked at once (after the commit),
 * and any checkout they had open is closed, so no payment of theirs lets them back in.
 */
export const remove = ownerProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (input.userId === ctx.community.ownerId) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.ownerCannotBeRemoved);
    const { removed, membersCount, checkoutId } = await dischargeMember(tx, ctx.community.id, input.userId);
    if (!removed) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchMember);
    await ban(tx, ctx.community.id, input.userId, ctx.user.id);
    if (checkoutId) await stopSubscription(tx, checkoutId, 'revoke', 'removed');
    await expireOpenCheckouts(tx, ctx.community.id, input.userId);
    return { membersCount };
  }),
);
