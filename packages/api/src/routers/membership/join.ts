import { communities, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES, communityIdInput } from '@app/shared/community';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { admitMember } from '../../membership/admit.ts';
import { membershipOf } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';

/**
 * Joining: a free public community admits at once (a seat permitting); a private one records a
 * pending request for the owner; a paid one is joined through payments.createCheckout instead.
 */
export const join = protectedProcedure.input(communityIdInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const [community] = await tx.select().from(communities).where(eq(communities.id, input.communityId));
    if (!community) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
    const existing = community.ownerId === userId ? ({ status: 'approved' } as const) : await membershipOf(tx, community.id, userId);
    if (existing?.status === 'approved') throw new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.alreadyMember });
    if (existing?.status === 'pending') throw new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.alreadyPending });
    if (community.membershipAmountCents > 0) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: COMMUNITY_MESSAGES.paymentRequired });
    if (community.availableSeats !== null && community.membersCount >= community.availableSeats) {
      throw new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.noSeats });
    }

    if (community.isPrivate) {
      const [request] = await tx
        .insert(communityMembers)
        .values({ communityId: community.id, userId, role: 'member', status: 'pending' })
        .onConflictDoNothing()
        .returning({ id: communityMembers.id });
      if (!request) throw new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.alreadyPending });
      return { status: 'pending' as const, membersCount: community.membersCount };
    }
    const { membersCount } = await admitMember(tx, community.id, userId);
    return { status: 'approved' as const, membersCount };
  });
});
