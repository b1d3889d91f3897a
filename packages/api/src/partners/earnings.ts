import type { Queryable } from '@app/db';
import { partnerEarnings } from '@app/db/schema';
import { COMMISSION_BASIS_POINTS, commissionCents } from '@app/shared/partners';
import { eq } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { referrerOf } from './referrer.ts';
import { lockPartner } from './service.ts';
import { partnerTopic } from './events.ts';
import { notify } from '../notifications/service.ts';

/** A payment as the ledger needs it. */
export interface LedgerPayment {
  id: string;
  communityId: string;
  /** Net of discounts, before taxes (Polar's `net_amount`), in cents. */
  amountCents: number;
  /** Refunded so far (cumulative), in cents. */
  refundedCents: number;
  currency: string;
}

/**
 * The referring partner's commission on a payment, written in the transaction that records the
 * payment (payments/webhook.ts), so the ledger cannot drift from the payments: 5% of the net
 * amount, rounded half up once (`commissionCents`). At most one per payment (a unique index), so a
 * replayed delivery writes nothing. Null when the community was referred by nobody.
 */
export async function recordCommission(tx: Queryable, payment: LedgerPayment): Promise<{ entryId: string; partnerId: string; amountCents: number } | null> {
  const partnerId = await referrerOf(tx, payment.communityId);
  if (!partnerId) return null;
  const amountCents = commissionCents(payment.amountCents, COMMISSION_BASIS_POINTS);
  const [entry] = await tx
    .insert(partnerEarnings)
    .values({
      partnerId,
      communityId: payment.communityId,
      paymentId: payment.id,
      kind: 'commission',
      baseCents: payment.amountCents,
      rateBasisPoints: COMMISSION_BASIS_POINTS,
      amountCents,
      currency: payment.currency,
    })
    .onConflictDoNothing()
    .returning({ id: partnerEarnings.id });
  if (!entry) return null;
  await publish(tx, partnerTopic(partnerId), { type: 'earning.recorded', communityId: payment.communityId, entryId: entry.id, amountCents });
  await notify(tx, [{ recipientId: partnerId, kind: 'partner.member', actorId: null, communityId: payment.communityId, data: { amountCents }, groupKey: `partner.member:${payment.communityId}` }]);
  return { entryId: entry.id, partnerId, amountCents };
}

/**
 * After a refund (the payment's `refundedCents` already raised, in the caller's transaction, with
 * the payment row locked): the ledger's entries for the payment are brought to the commission on
 * what is left of it, `commissionCents(amount - refunded)` at the rate it was earned at, by one
 * reversal of the difference. Computed from the cumulative refund, never added up from refunds, so
 * a replay or a repeated notice of the same refund writes nothing, and the entries of a fully
 * refunded payment always sum to zero. Null when the payment earned no commission.
 */
export async function reverseCommission(tx: Queryable, payment: LedgerPayment, refundedNowCents: number): Promise<{ entryId: string; partnerId: string; amountCents: number } | null> {
  const entries = await tx
    .select({ kind: partnerEarnings.kind, partnerId: partnerEarnings.partnerId, rate: partnerEarnings.rateBasisPoints, amountCents: partnerEarnings.amountCents })
    .from(partnerEarnings)
    .where(eq(partnerEarnings.paymentId, payment.id));
  const commission = entries.find((entry) => entry.kind === 'commission');
  if (!commission) return null;
  const owed = commissionCents(payment.amountCents - payment.refundedCents, commission.rate);
  const booked = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  const amountCents = owed - booked;
  if (amountCents === 0) return null;
  // The lock a payout takes: a payout racing this refund waits for it, and then sees the reversal.
  await lockPartner(tx, commission.partnerId);
  const [entry] = await tx
    .insert(partnerEarnings)
    .values({
      partnerId: commission.partnerId,
      communityId: payment.communityId,
      paymentId: payment.id,
      kind: 'reversal',
      baseCents: Math.max(0, refundedNowCents),
      rateBasisPoints: commission.rate,
      amountCents,
      currency: payment.currency,
    })
    .returning({ id: partnerEarnings.id });
  await publish(tx, partnerTopic(commission.partnerId), { type: 'earning.recorded', communityId: payment.communityId, entryId: entry!.id, amountCents });
  return { entryId: entry!.id, partnerId: commission.partnerId, amountCents };
}
