import { communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { mayAssign, ROLE_MESSAGES, setRoleInput } from '@app/shared/roles';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { logModeration } from '../moderation/service.ts';
import { publish } from '../platform/live/publish.ts';
import { membershipTopic } from './events.ts';
import { loadCommunity, membershipOf } from './service.ts';

/**
 * Names an approved member admin, moderator or member again. The owner gives any of the three; an
 * admin only makes members moderators and moderators members; nobody changes the owner's role or
 * their own. Every open page of the community hears `role.changed` (the named person's buttons
 * follow it without a reload).
 */
export const setRole = communityAdminProcedure.input(setRoleInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    // Role changes on one community run one at a time, like the owner's other decisions.
    await loadCommunity(tx, ctx.community.id, { lock: true });
    if (input.userId === ctx.community.ownerId || input.userId === ctx.user.id) throw new AppError('FORBIDDEN', ROLE_MESSAGES.notAllowed);
    const target = await membershipOf(tx, ctx.community.id, input.userId);
    if (target?.status !== 'approved') throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchMember);
    if (!mayAssign(ctx.membership?.role, target.role, input.role)) {
      // Asking for the role the person already has changes nothing and is no error.
      if (target.role === input.role) return { userId: input.userId, role: input.role };
      throw new AppError('FORBIDDEN', ROLE_MESSAGES.notAllowed);
    }
    await tx
      .update(communityMembers)
      .set({ role: input.role })
      .where(and(eq(communityMembers.communityId, ctx.community.id), eq(communityMembers.userId, input.userId)));
    await publish(tx, membershipTopic(ctx.community.id), { type: 'role.changed', userId: input.userId, role: input.role });
    await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'role.changed', targetId: input.userId, data: { from: target.role, to: input.role } });
    return { userId: input.userId, role: input.role };
  }),
);
