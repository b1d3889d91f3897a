import { PARTNER_MESSAGES } from '@app/shared/partners';
import { AppError } from '../core/errors.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { partnerOf } from './service.ts';

/** A member of the partner programme: `ctx.partner` is their row (referral code, since when). */
export const partnerProcedure = protectedProcedure.meta({ access: 'partner' }).use(async ({ ctx, next }) => {
  const partner = await partnerOf(ctx.db, ctx.user.id);
  if (!partner) throw new AppError('FORBIDDEN', PARTNER_MESSAGES.partnersOnly);
  return next({ ctx: { ...ctx, partner } });
});
