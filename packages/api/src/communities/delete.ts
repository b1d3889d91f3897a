import { communities, payments } from '@app/db/schema';
import { deleteCommunityInput, DELETION_MESSAGES } from '@app/shared/deletion';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { ownerProcedure } from '../core/trpc.ts';
import { loadCommunity } from '../membership/service.ts';

/**
 * 'Delete community', the owner's alone, confirmed by typing its name: the community goes with
 * everything in it (members, posts, courses, events, chat; the foreign keys cascade), and its files
 * become unreferenced uploads that the sweep removes a day later. A community that has taken
 * payments is refused (its payments are records the business keeps, and they would cascade with
 * it): its owner hands it over instead.
 */
export const deleteCommunity = ownerProcedure.input(deleteCommunityInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const community = await loadCommunity(tx, ctx.community.id, { lock: true });
    if (community.name.trim().toLowerCase() !== input.name.trim().toLowerCase()) throw new AppError('BAD_REQUEST', DELETION_MESSAGES.communityNameMismatch);
    if ((await tx.$count(payments, eq(payments.communityId, community.id))) > 0) throw new AppError('CONFLICT', DELETION_MESSAGES.communityHasPayments);
    await tx.delete(communities).where(eq(communities.id, community.id));
    return { communityId: community.id };
  }),
);
