import { createLocalProvider } from './local.ts';
import { createPolarProvider } from './polar.ts';
import type { PaymentsConfig, PaymentsLog, PaymentsProvider } from './provider.ts';

export interface PaymentsSetup {
  env: 'development' | 'production' | 'test';
  publicUrl: string;
  payments: PaymentsConfig;
}

/** The local stand-in stands in outside production only, and only when Polar is not configured. */
export function localCheckoutEnabled({ env, payments }: Pick<PaymentsSetup, 'env' | 'payments'>): boolean {
  return !payments.polar && env !== 'production';
}

/**
 * The provider the configuration asks for: Polar with a token; the local stand-in without one
 * outside production; none in production without a token (checkouts then fail with
 * 'Failed to get payment URL. Please try again.', never letting anyone in for free).
 */
export function createPaymentsProvider(setup: PaymentsSetup, log: PaymentsLog): PaymentsProvider | null {
  if (setup.payments.polar) return createPolarProvider({ config: setup.payments.polar, publicUrl: setup.publicUrl, log });
  if (localCheckoutEnabled(setup)) return createLocalProvider(setup.publicUrl);
  log.error({}, 'Payments are not configured: set POLAR_ACCESS_TOKEN, POLAR_PRODUCT_ID and POLAR_WEBHOOK_SECRET; paid communities cannot be joined');
  return null;
}
