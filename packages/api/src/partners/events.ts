import { topic } from '../platform/live/topic.ts';

/**
 * What a partner's dashboard hears, on the partner's own topic: ids and counts only (the dashboard
 * refetches what it shows), published in the transaction of the change.
 */
export type PartnerEvent =
  /** A community was created with the partner's referral code. */
  | { type: 'referral.created'; communityId: string }
  /** A referred community gained or lost a member. */
  | { type: 'referral.members'; communityId: string; membersCount: number }
  /** A ledger entry was written: a payment's commission, or a refund's reversal of it. */
  | { type: 'earning.recorded'; communityId: string; entryId: string; amountCents: number }
  /** A platform admin recorded a payout to the partner. */
  | { type: 'payout.recorded'; payoutId: string; amountCents: number };

/** A partner's dashboard: their referred communities' members, their earnings and payouts. */
export const partnerTopic = (userId: string) => topic<PartnerEvent>(`partner:${userId}`);
