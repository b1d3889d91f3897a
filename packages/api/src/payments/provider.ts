/** Who takes the money for a paid community: Polar, or the offline stand-in (spec section 7, create-polar-checkout). */

export const PAYMENT_MESSAGES = {
  /** Spec section 8: shown when no checkout URL can be had (payments not configured, or the provider failed). */
  paymentUrlFailed: 'Failed to get payment URL. Please try again.',
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

export interface PaymentsProvider {
  readonly name: PaymentsProviderName;
  /** Starts a hosted checkout; throws PaymentsProviderError when the provider cannot. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
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
