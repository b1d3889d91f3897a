import { COMMUNITY_MESSAGES, memberActionInput } from '@app/shared/communities';
import { outranks, ROLE_MESSAGES } from '@app/shared/roles';
import { AppError } from '../core/errors.ts';
import { logModeration } from '../moderation/service.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { loadCommunity, membershipOf, removeMember } from './service.ts';

/**
 * A moderator, admin or the owner removes an approved member they outrank (never the owner; a
 * moderator only members, an admin moderators and members); the seat is freed and the role goes
 * with the membership. The person may ask to join again after the wait a declined request has
 * (JOIN_RETRY_DAYS, recorded in join_declines as a removal); keeping someone out is `ban`. The
 * subscription that paid for the membership is revoked at once (after the commit), and any
 * checkout they had open is closed.
 */
export const remove = moderatorProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (input.userId === ctx.community.ownerId) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.ownerCannotBeRemoved);
    const target = await membershipOf(tx, ctx.community.id, input.userId);
    if (target?.status === 'approved' && !outranks(ctx.membership?.role, target.role)) throw new AppError('FORBIDDEN', ROLE_MESSAGES.outranked);
    const { removed, membersCount } = await removeMember(tx, ctx.community.id, input.userId);
    if (!removed) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchMember);
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'member.removed', targetId: input.userId });
    return { membersCount };
  }),
);
