import { profiles } from '@app/db/schema';
import { checkoutInput, COMMUNITY_MESSAGES } from '@app/shared/communities';
import { eq } from 'drizzle-orm';
import { AppError, SIGNED_IN_MESSAGE } from '../core/errors.ts';
import { isBanned, loadCommunity, membershipOf, refuseWhileDeclined } from '../membership/service.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { openCheckout } from './checkouts.ts';
import { PAYMENT_MESSAGES } from './provider.ts';

/**
 * Spec section 7, 'create-polar-checkout': starts a monthly-membership checkout for a paid
 * community and answers `{ checkoutUrl }`, where the browser goes next. The price is fixed in the
 * `checkouts` row now; the membership starts when the provider's paid-order webhook arrives. A buyer
 * has one open checkout per community: asking again answers the same one while it is still good.
 */
export const createCheckout = protectedProcedure.meta({ rateLimit: 'payments:checkout' }).input(checkoutInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const community = await loadCommunity(ctx.db, input.communityId);
  if (community.membershipAmountCents <= 0) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.notPaid);
  if (community.ownerId === userId) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyMember);
  if (await isBanned(ctx.db, community.id, userId)) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.banned);
  const membership = await membershipOf(ctx.db, community.id, userId);
  if (membership?.status === 'approved') throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyMember);
  // Removed (or declined) lately: paying back in waits as joining does.
  await refuseWhileDeclined(ctx.db, community.id, userId);
  if (community.availableSeats !== null && community.membersCount >= community.availableSeats) {
    throw new AppError('CONFLICT', COMMUNITY_MESSAGES.noSeats);
  }
  // Production without Polar credentials: refuse clearly rather than let anyone in unpaid.
  if (!ctx.payments) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.paymentUrlFailed);

  const [customer] = await ctx.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
  if (!customer) throw new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE);
  const checkoutUrl = await openCheckout(ctx.db, ctx.payments, { community, userId, customerEmail: customer.email });
  return { checkoutUrl };
});
