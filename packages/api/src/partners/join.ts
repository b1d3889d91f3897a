import { protectedProcedure } from '../core/trpc.ts';
import { becomePartner } from './service.ts';

/** 'Become a Partner': one click, any number of times; the partner row, the referral code and the forum membership. */
export const join = protectedProcedure.meta({ rateLimit: 'partner:join' }).mutation(async ({ ctx }) => {
  const { partner, forumId } = await becomePartner(ctx.db, ctx.user.id);
  return { referralCode: partner.referralCode, since: partner.createdAt, forumId };
});
