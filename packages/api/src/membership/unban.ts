import { BAN_MESSAGES, mayLiftBan } from '@app/shared/bans';
import { memberActionInput } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { logModeration } from '../moderation/service.ts';
import { banToLift, unban as liftBan } from './service.ts';

/**
 * A moderator, admin or the owner lifts a ban: the person may join (or ask to) again at once, as
 * a member. Only whoever placed the ban, or someone of their rank or above now, may (`mayLiftBan`):
 * a moderator cannot undo an admin's or the owner's ban.
 */
export const unban = moderatorProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const placer = await banToLift(tx, ctx.community, input.userId);
    if (!placer) throw new AppError('NOT_FOUND', BAN_MESSAGES.notBanned);
    if (!mayLiftBan({ id: ctx.user.id, role: ctx.membership?.role ?? null }, placer)) throw new AppError('FORBIDDEN', BAN_MESSAGES.placedAbove);
    await liftBan(tx, ctx.community.id, input.userId);
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'member.unbanned', targetId: input.userId });
  }),
);
