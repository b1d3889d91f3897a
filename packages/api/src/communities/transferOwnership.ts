import { communities, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { DELETION_MESSAGES, transferOwnershipInput } from '@app/shared/deletion';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { ownerProcedure } from '../core/trpc.ts';
import { membershipTopic } from '../membership/events.ts';
import { loadCommunity, membershipOf } from '../membership/service.ts';
import { stopSubscription } from '../payments/cancellations.ts';
import { publish } from '../platform/live/publish.ts';

/**
 * 'Hand over': the owner gives the community to one of its approved members (an admin, a
 * moderator or a member), in one transaction, and stays on as an admin. A subscription the new
 * owner paid for their membership is cancelled at the end of the month paid (an owner does not pay
 * for their own community). Every open page hears `role.changed` for both people.
 */
export const transferOwnership = ownerProcedure.input(transferOwnershipInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const community = await loadCommunity(tx, ctx.community.id, { lock: true });
    if (community.ownerId !== ctx.user.id) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.ownerOnly);
    if (input.userId === ctx.user.id) throw new AppError('BAD_REQUEST', DELETION_MESSAGES.alreadyOwner);
    const target = await membershipOf(tx, community.id, input.userId);
    if (target?.status !== 'approved') throw new AppError('BAD_REQUEST', DELETION_MESSAGES.newOwnerNotMember);
    const pair = (userId: string) => and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, userId));
    const [paid] = await tx.select({ checkoutId: communityMembers.checkoutId }).from(communityMembers).where(pair(input.userId));
    await tx.update(communities).set({ ownerId: input.userId }).where(eq(communities.id, community.id));
    await tx.update(communityMembers).set({ role: 'owner', checkoutId: null }).where(pair(input.userId));
    await tx.update(communityMembers).set({ role: 'admin' }).where(pair(ctx.user.id));
    if (paid?.checkoutId) await stopSubscription(tx, paid.checkoutId, 'at_period_end', 'became_owner');
    await publish(tx, membershipTopic(community.id), { type: 'role.changed', userId: input.userId, role: 'owner' });
    await publish(tx, membershipTopic(community.id), { type: 'role.changed', userId: ctx.user.id, role: 'admin' });
    return { communityId: community.id, ownerId: input.userId };
  }),
);
