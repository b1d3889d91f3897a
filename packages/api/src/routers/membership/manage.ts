import type { Queryable } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES, communityIdInput, memberActionInput } from '@app/shared/community';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { admitMember, dischargeMember } from '../../membership/admit.ts';
import { membershipOf } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';

/** Locks the community row and checks the caller owns it: owner actions on one community run one at a time. */
async function lockAsOwner(tx: Queryable, communityId: string, userId: string) {
  const [community] = await tx.select().from(communities).where(eq(communities.id, communityId)).for('update');
  if (!community) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
  if (community.ownerId !== userId) throw new TRPCError({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.ownerOnly });
  return community;
}

/** The owner accepts a join request: the person becomes an approved member if a seat is free. */
export const approve = protectedProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await lockAsOwner(tx, input.communityId, ctx.user.id);
    const request = await membershipOf(tx, input.communityId, input.userId);
    if (request?.status !== 'pending') throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.noSuchRequest });
    return admitMember(tx, input.communityId, input.userId);
  }),
);

/** The owner turns a join request down; the person may ask again later. */
export const decline = protectedProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await lockAsOwner(tx, input.communityId, ctx.user.id);
    const removed = await tx
      .delete(communityMembers)
      .where(
        and(eq(communityMembers.communityId, input.communityId), eq(communityMembers.userId, input.userId), eq(communityMembers.status, 'pending')),
      )
      .returning({ id: communityMembers.id });
    if (removed.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.noSuchRequest });
  }),
);

/** The owner removes an approved member (never themselves); the seat is freed. */
export const remove = protectedProcedure.input(memberActionInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const community = await lockAsOwner(tx, input.communityId, ctx.user.id);
    if (input.userId === community.ownerId) throw new TRPCError({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.ownerCannotBeRemoved });
    const { removed, membersCount } = await dischargeMember(tx, input.communityId, input.userId);
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.noSuchMember });
    return { membersCount };
  }),
);

/** A member leaves (or withdraws a pending request); the owner cannot leave their own community. */
export const leave = protectedProcedure.input(communityIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [community] = await tx.select().from(communities).where(eq(communities.id, input.communityId)).for('update');
    if (!community) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
    if (community.ownerId === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.ownerCannotLeave });
    const membership = await membershipOf(tx, community.id, ctx.user.id);
    if (!membership) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.noSuchMember });
    if (membership.status === 'pending') {
      await tx.delete(communityMembers).where(and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, ctx.user.id)));
      return { membersCount: community.membersCount };
    }
    const { membersCount } = await dischargeMember(tx, community.id, ctx.user.id);
    return { membersCount };
  }),
);
