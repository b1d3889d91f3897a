import { communities } from '@app/db/schema';
import { COMMUNITY_MESSAGES, updateCommunityInput } from '@app/shared/communities';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { ownerProcedure } from '../core/trpc.ts';
import { communityDetails, discardLogo, editableFields, requireOwnLogo, rethrowNameTaken } from './service.ts';

/**
 * The owner's 'Edit information' form. The cap cannot drop below the members already in (checked
 * on the locked row, so a join cannot slip between); a new logo must be the owner's upload, and the
 * one it replaces is removed once the change is saved.
 */
export const update = ownerProcedure
  .meta({ refusal: COMMUNITY_MESSAGES.notAuthorized })
  .input(updateCommunityInput)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    const communityId = ctx.community.id;
    let replacedLogo: string | null = null;
    try {
      await ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(communities).where(eq(communities.id, communityId)).for('update');
        if (!current) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
        if (input.availableSeats !== null && input.availableSeats < current.membersCount) {
          throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.seatsBelowMembers(current.membersCount));
        }
        if (input.logoUrl !== current.logoUrl) {
          await requireOwnLogo(tx, input.logoUrl, userId);
          replacedLogo = current.logoUrl;
        }
        await tx
          .update(communities)
          .set({
            ...editableFields(input),
            isPrivate: input.isPrivate,
            membershipAmountCents: input.membershipAmountCents,
            updatedAt: new Date(),
          })
          .where(eq(communities.id, communityId));
      });
    } catch (error) {
      rethrowNameTaken(error, input.name);
    }
    await discardLogo(ctx.db, ctx.storage, replacedLogo, userId);
    return communityDetails(ctx.db, eq(communities.id, communityId));
  });
