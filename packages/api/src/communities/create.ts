import type { Queryable } from '@app/db';
import { communities, communityMembers, partnerReferrals } from '@app/db/schema';
import { createCommunityInput } from '@app/shared/communities';
import { publish } from '../platform/live/publish.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { discardLogo, editableFields, requireOwnLogo, rethrowNameTaken } from './service.ts';
import { partnerTopic } from '../partners/events.ts';
import { partnerByCode } from '../partners/service.ts';

/** The partner whose referral code the creator arrived with; nobody refers themselves. */
async function referrerOf(tx: Queryable, code: string | null | undefined, userId: string): Promise<string | null> {
  if (!code) return null;
  const partner = await partnerByCode(tx, code);
  return partner && partner.userId !== userId ? partner.userId : null;
}

/**
 * The create-community wizard's submit. The logo is uploaded first (POST /api/uploads/community-logo)
 * and must be the caller's; the community, its owner membership and the partner referral are one
 * transaction, and if anything fails the uploaded logo is removed, so nothing is left behind.
 */
export const create = protectedProcedure.meta({ rateLimit: 'community:create' }).input(createCommunityInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  try {
    return await ctx.db.transaction(async (tx) => {
      await requireOwnLogo(tx, input.logoUrl, userId);
      const referredBy = await referrerOf(tx, input.referralCode, userId);
      const [community] = await tx
        .insert(communities)
        .values({
          ...editableFields(input),
          partner: input.partner,
          ownerId: userId,
          referredBy,
          planType: 'unlimited',
          membersCount: 1,
        })
        .returning({ id: communities.id, name: communities.name });
      await tx.insert(communityMembers).values({ communityId: community!.id, userId, role: 'owner', status: 'approved' });
      if (referredBy) {
        await tx.insert(partnerReferrals).values({ partnerId: referredBy, communityId: community!.id });
        await publish(tx, partnerTopic(referredBy), { type: 'referral.created', communityId: community!.id });
      }
      return community!;
    });
  } catch (error) {
    await discardLogo(ctx.db, ctx.storage, input.logoUrl, userId);
    rethrowNameTaken(error, input.name);
  }
});
