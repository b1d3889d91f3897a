import { COMMUNITY_MESSAGES, memberActionInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { closeRequest, loadCommunity, recordDecline, tellApplicant } from './service.ts';
import { logModeration } from '../moderation/service.ts';
import { notify } from '../notifications/service.ts';

/** A moderator turns a join request down; the person may ask again after JOIN_RETRY_DAYS, and their open page is told (the notification). */
export const decline = moderatorProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (!(await closeRequest(tx, ctx.community.id, input.userId))) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchRequest);
    await recordDecline(tx, ctx.community.id, input.userId);
    await notify(tx, [{ recipientId: input.userId, kind: 'join.declined', actorId: ctx.user.id, communityId: ctx.community.id, groupKey: `join.declined:${ctx.community.id}` }]);
    await tellApplicant(tx, input.userId);
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'request.declined', targetId: input.userId });
  }),
);
