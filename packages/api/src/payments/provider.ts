/** Who takes the money for a paid community: Polar, or the offline stand-in (spec section 7, create-polar-checkout). */

export const PAYMENT_MESSAGES = {
  /** Spec section 8: shown when no checkout URL can be had (payments not configured, or the provider failed). */
  paymentUrlFailed: 'Failed to get payment URL. Please try again.',
  /** Another request of the same buyer is starting a checkout for this community right now. */
  checkoutBusy: 'A checkout for this community is already being started. Please try again in a moment.',
} as const;

export type PaymentsProviderName = 'polar' | 'local';

export interface CheckoutRequest {
  /** Our `checkouts.id`: travels in the provider's metadata and comes back in the paid-order webhook. */
  checkoutId: string;
  /** The monthly price fixed when the checkout starts. */
  amountCents: number;
  currency: 'usd';
  communityName: string;
  customerEmail: string;
  /** Where the browser goes once paid, as a path on our own origin. */
  successPath: string;
}

export interface CheckoutSession {
  /** Where the browser is sent to pay. */
  url: string;
  /** The provider's own checkout id. */
  providerRef: string;
}

/**
 * How a subscription is stopped. 'revoke' ends it now (an owner's removal: the person must not be
 * charged again and has no access left to pay for). 'at_period_end' lets the month already paid run
 * out and charges no more (leaving: what a member cancelling a subscription expects; our access ends
 * at once all the same, since leaving ends the membership).
 */
export type CancellationMode = 'revoke' | 'at_period_end';

/** 'cancelled': done now; 'already_ended': the provider says it was cancelled or is gone already. */
export type CancellationResult = 'cancelled' | 'already_ended';

export interface PaymentsProvider {
  readonly name: PaymentsProviderName;
  /** Starts a hosted checkout; throws PaymentsProviderError when the provider cannot. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * The buyer's open checkout again (a second click on 'Join'), when the provider still takes
   * payment on it; null when it has expired or cannot be had (a new checkout is then started).
   */
  resumeCheckout(checkout: { checkoutId: string; providerRef: string }): Promise<CheckoutSession | null>;
  /** Stops a subscription so its customer is not charged again; throws PaymentsProviderError when the provider cannot. */
  cancelSubscription(subscriptionRef: string, mode: CancellationMode): Promise<CancellationResult>;
}

/** The provider failed (network, credentials, a refused request); the cause is logged where it happened. */
export class PaymentsProviderError extends Error {
  override readonly name = 'PaymentsProviderError';
}

/** The structured logger both the server (pino) and tests can hand in. */
export interface PaymentsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PolarConfig {
  accessToken: string;
  /** A recurring monthly product; each checkout gives it an ad-hoc fixed price (the community's). */
  productId: string;
  server: 'sandbox' | 'production';
}

export interface PaymentsConfig {
  /** Set when POLAR_ACCESS_TOKEN is: real checkouts through Polar. */
  polar: PolarConfig | null;
  /** POLAR_WEBHOOK_SECRET; without Polar, the local stand-in generates one at start when it is unset. */
  webhookSecret: string | null;
}

declare module '../core/context.ts' {
  interface DomainServices {
    /** Checkouts for paid communities: Polar, the local stand-in, or null when payments are not configured. */
    payments: PaymentsProvider | null;
  }
}
