import { communities } from '@app/db/schema';
import { statusInput, type MembershipStatus } from '@app/shared/communities';
import { capabilitiesOf, type CommunityRole } from '@app/shared/roles';
import { eq } from 'drizzle-orm';
import { publicProcedure } from '../core/trpc.ts';
import { namedCommunity } from '../communities/service.ts';
import { isBanned, joinWait, loadCommunityWhere, membershipOf } from './service.ts';

/** The standing, the role, and what the role may do while approved (the web's buttons read `can`, never the role's rules). */
const standing = (status: MembershipStatus, role: CommunityRole | null, askAgainAt: Date | null = null) => ({
  status,
  role,
  can: capabilitiesOf(status === 'approved' ? role : null),
  /** With 'declined' and 'removed': when the person may ask to join again. */
  askAgainAt,
});

/**
 * The signed-in user's standing in a community, named by id or, for a page's first request, by the
 * name in its address; 'none' for visitors, 'banned' for those banned, 'declined' or 'removed' (with
 * `askAgainAt`) while the wait after a declined request or a removal lasts. With it, the caller's role
 * and capabilities there (`can`), which a role change sends open pages to read again.
 */
export const status = publicProcedure.input(statusInput).query(async ({ ctx, input }) => {
  const community = await loadCommunityWhere(ctx.db, input.communityId !== undefined ? eq(communities.id, input.communityId) : namedCommunity(input.name!));
  if (!ctx.user) return standing('none', null);
  if (community.ownerId === ctx.user.id) return standing('approved', 'owner');
  const membership = await membershipOf(ctx.db, community.id, ctx.user.id);
  if (!membership && (await isBanned(ctx.db, community.id, ctx.user.id))) return standing('banned', null);
  if (!membership) {
    const wait = await joinWait(ctx.db, community.id, ctx.user.id);
    return wait ? standing(wait.reason, null, wait.until) : standing('none', null);
  }
  // Only the community's owner_id is its owner; a pending request can do nothing yet.
  // A closed account's kept membership (deletion/) is none until the account is restored.
  if (membership.status === 'closed') return standing('none', null);
  return standing(membership.status, membership.role === 'owner' ? 'member' : membership.role);
});
