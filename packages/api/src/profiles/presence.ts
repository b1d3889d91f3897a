import { profiles } from '@app/db/schema';
import { presenceInput } from '@app/shared/profiles';
import { eq } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { announcePresence } from '../membership/presence.ts';

/**
 * 'Hide my online status': the signed-in user's presence is hidden from (or shown again to) every
 * community they belong to; their open pages are told, so their dot and count change at once.
 */
export const hidePresence = protectedProcedure.input(presenceInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await tx.update(profiles).set({ hidePresence: input.hidden, updatedAt: new Date() }).where(eq(profiles.id, ctx.user.id));
    await announcePresence(tx, [ctx.user.id]);
    return { hidden: input.hidden };
  }),
);
