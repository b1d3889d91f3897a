import { communities } from '@app/db/schema';
import { inviteProblem, inviteTokenInput } from '@app/shared/invitations';
import { eq } from 'drizzle-orm';
import { publicProcedure } from '../core/trpc.ts';
import { communityDetails } from '../communities/service.ts';
import { isBanned, membershipOf } from '../membership/service.ts';
import { inviteByToken } from './service.ts';

/**
 * What an invite link's page shows, to anyone holding the link: the community's card, whether the
 * link still admits anyone (`problem`: expired, revoked or used up), and for a signed-in person
 * their standing there ('approved', 'pending', 'removed' or 'none'). An unknown token is NOT_FOUND.
 */
export const byToken = publicProcedure.input(inviteTokenInput).query(async ({ ctx, input }) => {
  const { invite, community } = await inviteByToken(ctx.db, input.token);
  const details = await communityDetails(ctx.db, eq(communities.id, community.id));
  let standing: 'none' | 'pending' | 'approved' | 'removed' = 'none';
  if (ctx.user) {
    if (community.ownerId === ctx.user.id) standing = 'approved';
    else {
      const membership = await membershipOf(ctx.db, community.id, ctx.user.id);
      const status = membership?.status;
      // A closed account's memberships wait for it ('closed'), but a closed account signs in to nothing else.
      standing = status === 'pending' || status === 'approved' ? status : (await isBanned(ctx.db, community.id, ctx.user.id)) ? 'removed' : 'none';
    }
  }
  return { community: details, problem: inviteProblem(invite), expiresAt: invite.expiresAt, standing };
});
