import { COMMUNITY_MESSAGES, memberActionInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { ownerProcedure } from '../core/trpc.ts';
import { closeRequest, loadCommunity } from './service.ts';
import { notify } from '../notifications/service.ts';

/** The owner turns a join request down; the person may ask again later. */
export const decline = ownerProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (!(await closeRequest(tx, ctx.community.id, input.userId))) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchRequest);
    await notify(tx, [{ recipientId: input.userId, kind: 'join.declined', actorId: ctx.user.id, communityId: ctx.community.id, groupKey: `join.declined:${ctx.community.id}` }]);
  }),
);
