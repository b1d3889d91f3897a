import { addMonth, CHECKOUT_METADATA_KEY, type OrderPaidEvent } from './webhook.ts';
import type { PaymentsProvider } from './provider.ts';

/** Where the local stand-in's checkout page lives (apps/server/src/routes/payments.ts). */
export const localCheckoutPath = (checkoutId: string) => `/checkout/local/${checkoutId}`;

/**
 * The offline stand-in for Polar, used outside production when no POLAR_ACCESS_TOKEN is set: the
 * checkout is a page of our own whose 'Pay' button sends a Polar-shaped `order.paid` webhook through
 * the same endpoint Polar would call, so the whole flow runs without a network.
 */
export function createLocalProvider(publicUrl: string): PaymentsProvider {
  return {
    name: 'local',
    async createCheckout({ checkoutId }) {
      return { url: new URL(localCheckoutPath(checkoutId), publicUrl).toString(), providerRef: checkoutId };
    },
  };
}

export interface LocalOrderInput {
  checkout: { id: string; userId: string; amountCents: number; currency: string };
  customer: { email: string; name: string | null };
  communityName: string;
  paidAt: Date;
}

/**
 * The `order.paid` event Polar sends for the first payment of a monthly subscription, with the
 * fields Polar's order carries (amounts in cents, metadata copied from the checkout, the
 * subscription's current period), filled in for the stand-in.
 */
export function localOrderPaidEvent({ checkout, customer, communityName, paidAt }: LocalOrderInput): OrderPaidEvent {
  const at = paidAt.toISOString();
  const periodEnd = addMonth(paidAt).toISOString();
  const metadata = { [CHECKOUT_METADATA_KEY]: checkout.id };
  // One first-payment order per checkout: a second 'Pay' (a double click) is the same order again.
  const orderId = `local_order_${checkout.id}`;
  const subscriptionId = `local_sub_${checkout.id}`;
  const customerId = `local_customer_${checkout.userId}`;
  const description = `${communityName}: monthly membership`;
  return {
    type: 'order.paid',
    timestamp: at,
    data: {
      id: orderId,
      created_at: at,
      modified_at: at,
      status: 'paid',
      paid: true,
      subtotal_amount: checkout.amountCents,
      discount_amount: 0,
      net_amount: checkout.amountCents,
      tax_amount: 0,
      total_amount: checkout.amountCents,
      refunded_amount: 0,
      currency: checkout.currency,
      billing_reason: 'subscription_create',
      customer_id: customerId,
      product_id: null,
      subscription_id: subscriptionId,
      checkout_id: checkout.id,
      metadata,
      customer: { id: customerId, email: customer.email, name: customer.name, external_id: checkout.userId },
      subscription: {
        id: subscriptionId,
        status: 'active',
        amount: checkout.amountCents,
        currency: checkout.currency,
        recurring_interval: 'month',
        recurring_interval_count: 1,
        current_period_start: at,
        current_period_end: periodEnd,
        metadata,
      },
      items: [{ label: description, amount: checkout.amountCents, tax_amount: 0, proration: false }],
      description,
    },
  };
}
