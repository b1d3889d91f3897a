import { COMMUNITY_MESSAGES, memberActionInput } from '@app/shared/community';
import { AppError } from '../errors.ts';
import { ownerProcedure } from '../trpc.ts';
import { dischargeMember, loadCommunity } from './service.ts';

/** The owner removes an approved member (never themselves); the seat is freed. */
export const remove = ownerProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (input.userId === ctx.community.ownerId) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.ownerCannotBeRemoved);
    const { removed, membersCount } = await dischargeMember(tx, ctx.community.id, input.userId);
    if (!removed) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchMember);
    return { membersCount };
  }),
);
