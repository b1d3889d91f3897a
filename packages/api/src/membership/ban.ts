import { profiles } from '@app/db/schema';
import { BAN_MESSAGES, banInput } from '@app/shared/bans';
import { outranks, ROLE_MESSAGES } from '@app/shared/roles';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { logModeration } from '../moderation/service.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { ban as banPerson, isBanned, loadCommunity, membershipOf } from './service.ts';

/**
 * A moderator, admin or the owner bans someone they outrank: a member (the membership ends, and
 * what paid for it is revoked), an applicant (the request closes), a past member or anyone by id.
 * Until unbanned they cannot see, join, request, pay for or be invited back into the community.
 * Never the owner; a moderator bans members and non-members, an admin moderators too.
 */
export const ban = moderatorProcedure.input(banInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (input.userId === ctx.community.ownerId) throw new AppError('BAD_REQUEST', BAN_MESSAGES.ownerCannotBeBanned);
    const [person] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId));
    if (!person) throw new AppError('NOT_FOUND', BAN_MESSAGES.noSuchPerson);
    // Someone not an approved member has no role: any moderator outranks them (but never oneself).
    const target = await membershipOf(tx, ctx.community.id, input.userId);
    const targetRole = target?.status === 'approved' ? target.role : 'member';
    if (input.userId === ctx.user.id || !outranks(ctx.membership?.role, targetRole)) throw new AppError('FORBIDDEN', ROLE_MESSAGES.outranked);
    if (await isBanned(tx, ctx.community.id, input.userId)) throw new AppError('CONFLICT', BAN_MESSAGES.alreadyBanned);
    await banPerson(tx, ctx.community.id, input.userId, ctx.user.id, { reason: input.reason });
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'member.banned', targetId: input.userId, reason: input.reason ?? null });
    const community = await loadCommunity(tx, ctx.community.id);
    return { membersCount: community.membersCount };
  }),
);
