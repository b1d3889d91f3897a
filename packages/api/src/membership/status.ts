import { communities } from '@app/db/schema';
import { statusInput, type MembershipStatus } from '@app/shared/communities';
import { eq } from 'drizzle-orm';
import { publicProcedure } from '../core/trpc.ts';
import { namedCommunity } from '../communities/service.ts';
import { isBanned, loadCommunityWhere, membershipOf } from './service.ts';

/**
 * The signed-in user's standing in a community, named by id or, for a page's first request, by the
 * name in its address; 'none' for visitors, 'removed' for those the owner removed.
 */
export const status = publicProcedure.input(statusInput).query(async ({ ctx, input }) => {
  const community = await loadCommunityWhere(ctx.db, input.communityId !== undefined ? eq(communities.id, input.communityId) : namedCommunity(input.name!));
  if (!ctx.user) return { status: 'none' as MembershipStatus, role: null };
  if (community.ownerId === ctx.user.id) return { status: 'approved' as MembershipStatus, role: 'owner' as const };
  const membership = await membershipOf(ctx.db, community.id, ctx.user.id);
  if (!membership && (await isBanned(ctx.db, community.id, ctx.user.id))) return { status: 'removed' as MembershipStatus, role: null };
  return { status: (membership?.status ?? 'none') as MembershipStatus, role: membership?.role ?? null };
});
