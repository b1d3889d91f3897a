import { BAN_MESSAGES } from '@app/shared/bans';
import { memberActionInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { logModeration } from '../moderation/service.ts';
import { unban as liftBan } from './service.ts';

/**
 * A moderator, admin or the owner lifts a ban: the person may join (or ask to) again at once,
 * as a member. Any moderator may lift any ban (the banned person holds no role to outrank).
 */
export const unban = moderatorProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    if (!(await liftBan(tx, ctx.community.id, input.userId))) throw new AppError('NOT_FOUND', BAN_MESSAGES.notBanned);
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'member.unbanned', targetId: input.userId });
  }),
);
