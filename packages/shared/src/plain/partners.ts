import { LIMITS, REFERRAL_CODE_PATTERN } from '../constants.ts';

/**
 * The partner programme, without zod: the messages, limits and helpers that partners.ts re-exports
 * beside its schemas, for the web app to import without building them (packages/shared/README.md).
 */

/** The words the partner programme's server and screens share (spec section 8, 'Referral'). */
export const PARTNER_MESSAGES = {
  loginForLink: 'Please login to get your referral link',
  copyFailed: 'Copy failed',
  partnersOnly: 'Join the partner programme first: this is for partners.',
  forumPartnersOnly: 'The forum is for partners: join the partner programme to take part.',
  notPartner: 'There is no partner with this id.',
  payoutTooLarge: (pending: string) => `A payout cannot be more than the partner's pending balance (${pending}).`,
  payoutAmount: 'Enter an amount of at least US$0.01.',
  payoutTooHigh: 'That amount is too large.',
  cursor: 'The page cursor is not valid.',
  codeTaken: 'Could not make a referral code. Please try again.',
} as const;

/** The commission: 5% (spec section 9), in basis points so the arithmetic stays in integers. */
export const COMMISSION_BASIS_POINTS = LIMITS.referralCommissionPercent * 100;

/**
 * A partner's share of `baseCents`, in whole cents, rounded half up once (2.5 cents → 3): the one
 * place money is rounded. `baseCents` is a payment's net amount (or what of it is left after refunds).
 */
export function commissionCents(baseCents: number, basisPoints: number = COMMISSION_BASIS_POINTS): number {
  if (!Number.isSafeInteger(baseCents) || baseCents < 0) throw new RangeError(`not an amount in cents: ${baseCents}`);
  return Math.floor((baseCents * basisPoints + 5_000) / 10_000);
}

/** How many characters a new referral code has. */
export const REFERRAL_CODE_LENGTH = 8;

/**
 * What new referral codes are made of: digits and capital letters without the ones people mistake
 * for each other when reading a code aloud or typing it (0 and O, 1, I and L), as Crockford's base 32
 * leaves out. 31 characters, so 8 of them make 8.5 × 10¹¹ codes.
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * The ways a typed or linked code may name a partner: as written (codes made before this alphabet
 * were the first characters of the base64 user id, mixed case, and their links keep working) and in
 * capitals (a new code typed in small letters).
 */
export function referralCodeSpellings(code: string): string[] {
  const written = code.trim();
  const capitals = written.toUpperCase();
  return capitals === written ? [written] : [written, capitals];
}

export { REFERRAL_CODE_PATTERN };

/** The referral link: the site's origin, `?ref=` and the code (spec section 9). */
export function referralLink(origin: string, code: string): string {
  return `${origin}?ref=${encodeURIComponent(code)}`;
}

export const PARTNER_PAGE_SIZE = 50;

/** Cents as a decimal number of dollars, exactly ('1234' → '12.34', '-25' → '-0.25'): no float arithmetic. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as 'US$12.34' (or '-US$0.25'), for the server's messages; screens format with Intl. */
export function usd(cents: number): string {
  return cents < 0 ? `-US$${centsText(-cents)}` : `US$${centsText(cents)}`;
}
