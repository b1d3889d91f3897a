import { checkouts, profiles } from '@app/db/schema';
import { checkoutInput, COMMUNITY_MESSAGES } from '@app/shared/community';
import { eq } from 'drizzle-orm';
import { AppError, SIGNED_IN_MESSAGE } from '../errors.ts';
import { loadCommunity, membershipOf } from '../membership/service.ts';
import { protectedProcedure } from '../trpc.ts';
import { PAYMENT_MESSAGES } from './provider.ts';

/**
 * Spec section 7, 'create-polar-checkout': starts a monthly-membership checkout for a paid
 * community and answers `{ checkoutUrl }`, where the browser goes next. The price is fixed in the
 * `checkouts` row now; the membership starts when the provider's paid-order webhook arrives.
 */
export const createCheckout = protectedProcedure.input(checkoutInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const community = await loadCommunity(ctx.db, input.communityId);
  if (community.membershipAmountCents <= 0) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.notPaid);
  if (community.ownerId === userId) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyMember);
  const membership = await membershipOf(ctx.db, community.id, userId);
  if (membership?.status === 'approved') throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyMember);
  if (community.availableSeats !== null && community.membersCount >= community.availableSeats) {
    throw new AppError('CONFLICT', COMMUNITY_MESSAGES.noSeats);
  }
  // Production without Polar credentials: refuse clearly rather than let anyone in unpaid.
  if (!ctx.payments) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.paymentUrlFailed);

  const [customer] = await ctx.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
  if (!customer) throw new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE);
  const [checkout] = await ctx.db
    .insert(checkouts)
    .values({ communityId: community.id, userId, amountCents: community.membershipAmountCents, currency: 'usd', provider: ctx.payments.name })
    .returning({ id: checkouts.id });

  // The provider is called outside any transaction: a slow network must not hold database locks.
  try {
    const session = await ctx.payments.createCheckout({
      checkoutId: checkout!.id,
      amountCents: community.membershipAmountCents,
      currency: 'usd',
      communityName: community.name,
      customerEmail: customer.email,
      successPath: `/community/${encodeURIComponent(community.name)}?checkout=success`,
    });
    await ctx.db.update(checkouts).set({ providerRef: session.providerRef }).where(eq(checkouts.id, checkout!.id));
    return { checkoutUrl: session.url };
  } catch (error) {
    await ctx.db.update(checkouts).set({ status: 'expired' }).where(eq(checkouts.id, checkout!.id));
    throw new AppError('BAD_GATEWAY', PAYMENT_MESSAGES.paymentUrlFailed, { cause: error });
  }
});
