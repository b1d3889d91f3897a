import { communities } from '@app/db/schema';
import { COMMUNITY_MESSAGES, statusInput, type MembershipStatus } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { publicProcedure } from '../core/trpc.ts';
import { namedCommunity } from '../communities/service.ts';
import { isBanned, loadCommunity, membershipOf } from './service.ts';

/**
 * The signed-in user's standing in a community, named by id or, for a page's first request, by the
 * name in its address; 'none' for visitors, 'removed' for those the owner removed.
 */
export const status = publicProcedure.input(statusInput).query(async ({ ctx, input }) => {
  const community = input.communityId !== undefined ? await loadCommunity(ctx.db, input.communityId) : await communityNamed(ctx.db, input.name!);
  if (!ctx.user) return { status: 'none' as MembershipStatus, role: null };
  if (community.ownerId === ctx.user.id) return { status: 'approved' as MembershipStatus, role: 'owner' as const };
  const membership = await membershipOf(ctx.db, community.id, ctx.user.id);
  if (!membership && (await isBanned(ctx.db, community.id, ctx.user.id))) return { status: 'removed' as MembershipStatus, role: null };
  return { status: (membership?.status ?? 'none') as MembershipStatus, role: membership?.role ?? null };
});

async function communityNamed(db: Parameters<typeof loadCommunity>[0], name: string) {
  const [community] = await db.select({ id: communities.id, ownerId: communities.ownerId }).from(communities).where(namedCommunity(name));
  if (!community) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
  return community;
}
