import type { CancellationMode, PaymentsProvider } from './provider.ts';

/** Where the local stand-in's checkout page lives (apps/server/src/routes/payments.ts). */
export const localCheckoutPath = (checkoutId: string) => `/checkout/local/${checkoutId}`;

export interface LocalCancellation {
  subscriptionRef: string;
  mode: CancellationMode;
  at: Date;
}

export interface LocalPaymentsProvider extends PaymentsProvider {
  readonly name: 'local';
  /** Every subscription the stand-in was asked to stop, in order: no money moves, so it only records them. */
  readonly cancellations: LocalCancellation[];
}

/**
 * The offline stand-in for Polar, used outside production when no POLAR_ACCESS_TOKEN is set: the
 * checkout is a page of our own whose 'Pay' button sends a Polar-shaped `order.paid` webhook
 * (local-events.ts) through the same endpoint Polar would call, so the whole flow runs without a
 * network. Its checkouts never expire.
 */
export function createLocalProvider(publicUrl: string): LocalPaymentsProvider {
  const session = (checkoutId: string) => ({ url: new URL(localCheckoutPath(checkoutId), publicUrl).toString(), providerRef: checkoutId });
  const cancellations: LocalCancellation[] = [];
  return {
    name: 'local',
    cancellations,
    async createCheckout({ checkoutId }) {
      return session(checkoutId);
    },
    async resumeCheckout({ checkoutId }) {
      return session(checkoutId);
    },
    async cancelSubscription(subscriptionRef, mode) {
      const already = cancellations.some((c) => c.subscriptionRef === subscriptionRef);
      cancellations.push({ subscriptionRef, mode, at: new Date() });
      return already ? 'already_ended' : 'cancelled';
    },
  };
}
