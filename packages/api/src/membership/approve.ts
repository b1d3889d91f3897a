import { COMMUNITY_MESSAGES, memberActionInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { admitOrThrow, loadCommunity, membershipOf, tellApplicant } from './service.ts';
import { logModeration } from '../moderation/service.ts';
import { notify } from '../notifications/service.ts';

/** The owner accepts a join request: the person becomes an approved member if a seat is free. */
export const approve = moderatorProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    // Owner actions on one community run one at a time.
    await loadCommunity(tx, ctx.community.id, { lock: true });
    const request = await membershipOf(tx, ctx.community.id, input.userId);
    if (request?.status !== 'pending') throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchRequest);
    const admitted = await admitOrThrow(tx, ctx.community.id, input.userId);
    await notify(tx, [{ recipientId: input.userId, kind: 'join.approved', actorId: ctx.user.id, communityId: ctx.community.id, groupKey: `join.approved:${ctx.community.id}` }]);
    await tellApplicant(tx, input.userId);
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'request.approved', targetId: input.userId });
    return admitted;
  }),
);
