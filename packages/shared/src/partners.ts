import { z } from 'zod';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { PARTNER_MESSAGES, PARTNER_PAGE_SIZE } from './plain/partners.ts';

/** The partner programme's inputs (spec section 8, 'Referral'). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/partners.ts';

const MAX_PAYOUT_CENTS = 100_000_000;

export const recordPayoutInput = z.object({
  partnerId: z.uuid({ error: PARTNER_MESSAGES.notPartner }),
  amountCents: z
    .int({ error: PARTNER_MESSAGES.payoutAmount })
    .min(1, PARTNER_MESSAGES.payoutAmount)
    .max(MAX_PAYOUT_CENTS, PARTNER_MESSAGES.payoutTooHigh),
  /** How it was paid (a transfer id, a note): optional, shown to the partner. */
  reference: boundedText(200).nullish(),
});

/** Newest-first pages of the ledger and the payouts. */
export const partnerCursor = z.object({
  createdAt: cursorTime(PARTNER_MESSAGES.cursor),
  id: z.uuid({ error: PARTNER_MESSAGES.cursor }),
});

export const partnerPageInput = z.object({
  cursor: partnerCursor.nullish(),
  limit: z.int().min(1).max(100).default(PARTNER_PAGE_SIZE),
});

/** The admins' list of partners and their balances. */
export const partnerBalancesInput = z.object({
  /** A part of the partner's username, name, e-mail or referral code. */
  search: boundedText(100).nullish(),
  limit: z.int().min(1).max(100).default(50),
});

export const partnerSubscriptionInput = z.object({ lastEventId });
