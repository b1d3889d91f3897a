import { communityIdInput, type MembershipStatus } from '@app/shared/communities';
import { publicProcedure } from '../core/trpc.ts';
import { isBanned, loadCommunity, membershipOf } from './service.ts';

/** The signed-in user's standing in a community; 'none' for visitors, 'removed' for those the owner removed. */
export const status = publicProcedure.input(communityIdInput).query(async ({ ctx, input }) => {
  const community = await loadCommunity(ctx.db, input.communityId);
  if (!ctx.user) return { status: 'none' as MembershipStatus, role: null };
  if (community.ownerId === ctx.user.id) return { status: 'approved' as MembershipStatus, role: 'owner' as const };
  const membership = await membershipOf(ctx.db, community.id, ctx.user.id);
  if (!membership && (await isBanned(ctx.db, community.id, ctx.user.id))) return { status: 'removed' as MembershipStatus, role: null };
  return { status: (membership?.status ?? 'none') as MembershipStatus, role: membership?.role ?? null };
});
