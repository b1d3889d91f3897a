import { isUniqueViolation } from '@app/db';
import { communities } from '@app/db/schema';
import { COMMUNITY_MESSAGES, updateCommunityInput } from '@app/shared/community';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { protectedProcedure } from '../../trpc.ts';
import { communityDetails } from './details.ts';
import { discardLogo, requireOwnLogo } from './logos.ts';

/**
 * The owner's 'Edit information' form. Only the owner may save (checked on the locked row); the cap
 * cannot drop below the members already in; a new logo must be the owner's upload, and the one it
 * replaces is removed once the change is saved.
 */
export const update = protectedProcedure.input(updateCommunityInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  let replacedLogo: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(communities).where(eq(communities.id, input.id)).for('update');
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
      if (current.ownerId !== userId) throw new TRPCError({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.notAuthorized });
      if (input.availableSeats !== null && input.availableSeats < current.membersCount) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.seatsBelowMembers(current.membersCount) });
      }
      if (input.logoUrl !== current.logoUrl) {
        await requireOwnLogo(ctx.storage, input.logoUrl, userId);
        replacedLogo = current.logoUrl;
      }
      await tx
        .update(communities)
        .set({
          name: input.name,
          logoUrl: input.logoUrl,
          category: input.category,
          language: input.language,
          contactEmail: input.contactEmail,
          availableSeats: input.availableSeats,
          description: input.description,
          rules: input.rules,
          videoUrl: input.videoUrl,
          isPrivate: input.isPrivate,
          membershipAmountCents: input.membershipAmountCents,
          updatedAt: new Date(),
        })
        .where(eq(communities.id, input.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'communities_name_lower_idx')) {
      throw new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.nameTaken(input.name), cause: error });
    }
    throw error;
  }
  await discardLogo(ctx.storage, replacedLogo, userId);
  return communityDetails(ctx.db, eq(communities.id, input.id));
});
