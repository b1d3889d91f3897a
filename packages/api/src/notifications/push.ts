import { pushSubscriptions } from '@app/db/schema';
import { PUSH_MESSAGES, pushSubscribeInput, pushUnsubscribeInput } from '@app/shared/notifications';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { endpointAllowed } from './web-push.ts';

/** How many devices one person may have pushes on in; subscribing another drops the oldest. */
export const PUSH_DEVICES_MAX = 20;

/** The server's public VAPID key, which the browser subscribes with; null when pushes are off. */
export const pushKey = protectedProcedure.query(({ ctx }) => ({ publicKey: ctx.webPush?.publicKey ?? null }));

/**
 * Turns pushes on in the caller's browser: its endpoint and keys are kept for them (an endpoint
 * another account had in this browser passes to the caller, who subscribed last).
 */
export const pushSubscribe = protectedProcedure.input(pushSubscribeInput).mutation(async ({ ctx, input }) => {
  if (!ctx.webPush) throw new AppError('SERVICE_UNAVAILABLE', PUSH_MESSAGES.off);
  if (!endpointAllowed(input.endpoint)) throw new AppError('BAD_REQUEST', PUSH_MESSAGES.endpoint);
  const values = { userId: ctx.user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, mobile: input.mobile, language: input.language };
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date(), lastSuccessAt: null } });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ctx.user.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_DEVICES_MAX);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, ctx.user.id), notInArray(pushSubscriptions.id, kept)));
    return { subscribed: true };
  });
});

/** Turns pushes off in the caller's browser (another person's endpoint is left alone). */
export const pushUnsubscribe = protectedProcedure.input(pushUnsubscribeInput).mutation(async ({ ctx, input }) => {
  const gone = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, ctx.user.id)))
    .returning({ id: pushSubscriptions.id });
  return { unsubscribed: gone.length > 0 };
});
