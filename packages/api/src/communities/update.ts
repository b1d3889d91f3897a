import { communities } from '@app/db/schema';
import { COMMUNITY_MESSAGES, updateCommunityInput } from '@app/shared/communities';
import { ROLE_MESSAGES } from '@app/shared/roles';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { communityDetails, discardLogo, editableFields, requireOwnLogo, rethrowNameTaken } from './service.ts';

/**
 * The 'Edit information' form, for the owner and admins (the price for the owner alone). The cap cannot drop below the members already in (checked
 * on the locked row, so a join cannot slip between); a new logo must be the owner's upload, and the
 * one it replaces is removed once the change is saved.
 */
export const update = communityAdminProcedure
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
        // The price is the owner's alone (payments): an admin edits everything else and sends it back unchanged.
        if (input.membershipAmountCents !== current.membershipAmountCents && ctx.community.ownerId !== userId) {
          throw new AppError('FORBIDDEN', ROLE_MESSAGES.priceOwnerOnly);
        }
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
            ...(input.joinQuestions === undefined ? {} : { joinQuestions: input.joinQuestions }),
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
