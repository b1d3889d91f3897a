import { protectedProcedure } from '../core/trpc.ts';
import { forumId } from './forum.ts';
import { partnerOf } from './service.ts';

/**
 * The signed-in person's standing in the programme: their partnership (null before they join),
 * the forum's id (for partners), and whether they may record payouts (a platform admin).
 */
export const me = protectedProcedure.query(async ({ ctx }) => {
  const partner = await partnerOf(ctx.db, ctx.user.id);
  return {
    partner: partner && { referralCode: partner.referralCode, since: partner.createdAt },
    forumId: partner ? await forumId(ctx.db) : null,
    isAdmin: ctx.isAdmin,
  };
});
