import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Queryable } from '@app/db';
import { checkouts } from '@app/db/schema';
import { and, eq } from 'drizzle-orm';
import type { CommunityRow } from '../core/access.ts';
import { AppError } from '../core/errors.ts';
import { PAYMENT_MESSAGES, type PaymentsProvider } from './provider.ts';

/** An open checkout is offered again for this long; an older one is replaced (its price may be stale). */
export const CHECKOUT_REUSE_MS = 60 * 60_000;
/** A checkout whose provider session is still being made (the provider call times out in 15 s). */
const STARTING_MS = 30_000;
const POLL_MS = 150;

type CheckoutRow = typeof checkouts.$inferSelect;

export interface OpenCheckoutRequest {
  community: Pick<CommunityRow, 'id' | 'name' | 'membershipAmountCents'>;
  userId: string;
  customerEmail: string;
}

/**
 * The checkout URL for a buyer and a community: their open checkout again while it is still good
 * (same provider and price, not too old, and the provider still takes payment on it), otherwise a
 * new one, the old one expired first. The partial unique index `checkouts_one_open_idx` keeps one
 * open checkout per buyer and community however many requests race: the insert that loses finds the
 * winner's row and waits for its provider session rather than opening a second one.
 */
export async function openCheckout(db: Db, provider: PaymentsProvider, request: OpenCheckoutRequest): Promise<string> {
  const { community, userId } = request;
  const deadline = Date.now() + STARTING_MS + 5_000;
  while (Date.now() < deadline) {
    const [created] = await db
      .insert(checkouts)
      .values({ communityId: community.id, userId, amountCents: community.membershipAmountCents, currency: 'usd', provider: provider.name })
      .onConflictDoNothing()
      .returning();
    if (created) return startSession(db, provider, created, request);

    const [open] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, userId), eq(checkouts.communityId, community.id), eq(checkouts.status, 'open')));
    if (!open) continue; // closed meanwhile: try again
    if (!open.providerRef) {
      // Another request is asking the provider for it right now: wait for that, unless it died.
      if (Date.now() - open.createdAt.getTime() < STARTING_MS) await sleep(POLL_MS);
      else await expire(db, open.id);
      continue;
    }
    if (isReusable(open, provider, community)) {
      const session = await provider.resumeCheckout({ checkoutId: open.id, providerRef: open.providerRef });
      if (session) return session.url;
    }
    await expire(db, open.id);
  }
  throw new AppError('CONFLICT', PAYMENT_MESSAGES.checkoutBusy);
}

function isReusable(open: CheckoutRow, provider: PaymentsProvider, community: OpenCheckoutRequest['community']): boolean {
  return (
    open.provider === provider.name &&
    open.amountCents === community.membershipAmountCents &&
    open.currency === 'usd' &&
    Date.now() - open.createdAt.getTime() < CHECKOUT_REUSE_MS
  );
}

/** Asks the provider for the new checkout's session, outside any transaction: a slow network must not hold database locks. */
async function startSession(db: Db, provider: PaymentsProvider, checkout: CheckoutRow, { community, customerEmail }: OpenCheckoutRequest): Promise<string> {
  try {
    const session = await provider.createCheckout({
      checkoutId: checkout.id,
      amountCents: checkout.amountCents,
      currency: 'usd',
      communityName: community.name,
      customerEmail,
      successPath: `/community/${encodeURIComponent(community.name)}?checkout=success`,
    });
    await db.update(checkouts).set({ providerRef: session.providerRef }).where(eq(checkouts.id, checkout.id));
    return session.url;
  } catch (error) {
    await expire(db, checkout.id);
    throw new AppError('BAD_GATEWAY', PAYMENT_MESSAGES.paymentUrlFailed, { cause: error });
  }
}

async function expire(db: Queryable, checkoutId: string): Promise<void> {
  await db.update(checkouts).set({ status: 'expired' }).where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')));
}

/** Closes a person's open checkouts for a community (in the caller's transaction): after a removal or a ban, none may be paid. */
export async function expireOpenCheckouts(tx: Queryable, communityId: string, userId: string): Promise<void> {
  await tx
    .update(checkouts)
    .set({ status: 'expired' })
    .where(and(eq(checkouts.communityId, communityId), eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
}
