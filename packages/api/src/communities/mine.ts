import { protectedProcedure } from '../core/trpc.ts';
import { memberOf, ownedBy } from './service.ts';

/** 'My communities': those the signed-in user owns, has joined, and has asked to join. */
export const mine = protectedProcedure.query(async ({ ctx }) => {
  const userId = ctx.user.id;
  const [owned, joined, pending] = await Promise.all([ownedBy(ctx.db, userId), memberOf(ctx.db, userId, 'approved'), memberOf(ctx.db, userId, 'pending')]);
  return { owned, joined, pending };
});
