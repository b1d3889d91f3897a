/**
 * The webhook events the local stand-in sends in Polar's place, and the tests send as Polar would.
 * They are built as the SDK's own typed payloads (every field Polar sends is required by the
 * compiler) and serialized with the SDK's own serializers, so they are exactly Polar's wire format:
 * a test runs each through `validateEvent` from `@polar-sh/sdk/webhooks`, so the offline flow cannot
 * drift from what Polar sends.
 */
import type { OrderCustomer } from '@polar-sh/sdk/models/components/ordercustomer.js';
import type { OrderSubscription } from '@polar-sh/sdk/models/components/ordersubscription.js';
import type { Product } from '@polar-sh/sdk/models/components/product.js';
import type { Order } from '@polar-sh/sdk/models/components/order.js';
import { webhookOrderPaidPayloadToJSON } from '@polar-sh/sdk/models/components/webhookorderpaidpayload.js';
import { webhookOrderRefundedPayloadToJSON } from '@polar-sh/sdk/models/components/webhookorderrefundedpayload.js';
import { webhookSubscriptionRevokedPayloadToJSON } from '@polar-sh/sdk/models/components/webhooksubscriptionrevokedpayload.js';
import {
  addMonth,
  CHECKOUT_METADATA_KEY,
  orderPaidEvent,
  orderRefundedEvent,
  subscriptionRevokedEvent,
  type OrderPaidEvent,
  type OrderRefundedEvent,
  type SubscriptionRevokedEvent,
} from './webhook.ts';

export interface LocalCheckout {
  id: string;
  userId: string;
  amountCents: number;
  currency: string;
}

export interface LocalEventInput {
  checkout: LocalCheckout;
  customer: { email: string; name: string | null };
  communityName: string;
}

const ORGANIZATION_ID = 'local_organization';
const PRODUCT_ID = 'local_product_monthly';

/** The stand-in's ids, one subscription per checkout (as Polar makes one per paid checkout). */
export const localIds = (checkout: Pick<LocalCheckout, 'id' | 'userId'>) => ({
  subscriptionId: `local_sub_${checkout.id}`,
  customerId: `local_customer_${checkout.userId}`,
  firstOrderId: `local_order_${checkout.id}`,
});

function customer({ checkout, customer: who }: LocalEventInput, at: Date): OrderCustomer {
  return {
    id: localIds(checkout).customerId,
    createdAt: at,
    modifiedAt: null,
    metadata: {},
    externalId: checkout.userId,
    email: who.email,
    emailVerified: true,
    type: 'individual',
    name: who.name,
    billingName: who.name,
    billingAddress: null,
    taxId: null,
    organizationId: ORGANIZATION_ID,
    deletedAt: null,
    avatarUrl: null,
  };
}

/** The one monthly product, with the checkout's ad-hoc fixed price (as the Polar provider asks for). */
function product({ checkout, communityName }: LocalEventInput, at: Date): Product {
  return {
    id: PRODUCT_ID,
    createdAt: at,
    modifiedAt: null,
    trialInterval: null,
    trialIntervalCount: null,
    name: 'Monthly membership',
    description: `${communityName}: monthly membership`,
    visibility: 'private',
    recurringInterval: 'month',
    recurringIntervalCount: 1,
    meterInterval: null,
    meterIntervalCount: null,
    isRecurring: true,
    isArchived: false,
    organizationId: ORGANIZATION_ID,
    metadata: {},
    prices: [
      {
        createdAt: at,
        modifiedAt: null,
        id: `local_price_${checkout.id}`,
        source: 'ad_hoc',
        amountType: 'fixed',
        priceCurrency: checkout.currency,
        taxBehavior: null,
        isArchived: false,
        productId: PRODUCT_ID,
        priceAmount: checkout.amountCents,
      },
    ],
    benefits: [],
    medias: [],
    attachedCustomFields: [],
  };
}

interface SubscriptionState {
  startedAt: Date;
  periodStart: Date;
  status: 'active' | 'canceled';
  endedAt?: Date;
}

/** The subscription as orders and subscription events carry it; our checkout id is in its metadata. */
function subscription({ checkout }: LocalEventInput, state: SubscriptionState): OrderSubscription {
  const ended = state.endedAt ?? null;
  return {
    metadata: { [CHECKOUT_METADATA_KEY]: checkout.id },
    createdAt: state.startedAt,
    modifiedAt: ended,
    id: localIds(checkout).subscriptionId,
    amount: checkout.amountCents,
    currency: checkout.currency,
    recurringInterval: 'month',
    recurringIntervalCount: 1,
    status: state.status,
    currentPeriodStart: state.periodStart,
    currentPeriodEnd: addMonth(state.periodStart),
    currentMeterPeriodStart: null,
    currentMeterPeriodEnd: null,
    trialStart: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: ended,
    startedAt: state.startedAt,
    endsAt: ended,
    endedAt: ended,
    pauseAtPeriodEnd: false,
    pausedAt: null,
    resumesAt: null,
    customerId: localIds(checkout).customerId,
    productId: PRODUCT_ID,
    discountId: null,
    // Polar's checkout id: the stand-in's checkouts are their own provider_ref.
    checkoutId: checkout.id,
    customerCancellationReason: null,
    customerCancellationComment: null,
  };
}

export interface LocalOrderInput extends LocalEventInput {
  paidAt: Date;
}

/** The `order.paid` Polar sends for the first payment of a monthly subscription (billing reason `subscription_create`). */
export function localOrderPaidEvent(input: LocalOrderInput): OrderPaidEvent {
  return orderEvent(input, { orderId: localIds(input.checkout).firstOrderId, reason: 'subscription_create', startedAt: input.paidAt, periodStart: input.paidAt });
}

export interface LocalRenewalInput extends LocalOrderInput {
  /** The start of the month this renewal pays for (the previous period's end). */
  periodStart: Date;
  /** When the subscription started (its first payment). */
  startedAt: Date;
}

/**
 * The `order.paid` of a monthly renewal (billing reason `subscription_cycle`): a new order id, and
 * our checkout id only in the subscription's metadata, as Polar sends renewals.
 */
export function localRenewalPaidEvent(input: LocalRenewalInput): OrderPaidEvent {
  const orderId = renewalOrderId(input.checkout, input.periodStart);
  return orderEvent(input, { orderId, reason: 'subscription_cycle', startedAt: input.startedAt, periodStart: input.periodStart });
}

/** A renewal's order id: one per month of the subscription. */
const renewalOrderId = (checkout: Pick<LocalCheckout, 'id' | 'userId'>, periodStart: Date) => `${localIds(checkout).firstOrderId}_${periodStart.getTime()}`;

type OrderShape = { orderId: string; reason: 'subscription_create' | 'subscription_cycle'; startedAt: Date; periodStart: Date };

function orderEvent(input: LocalOrderInput, order: OrderShape): OrderPaidEvent {
  const json = webhookOrderPaidPayloadToJSON({ type: 'order.paid', timestamp: input.paidAt, data: orderData(input, order, 0) });
  return orderPaidEvent.parse(JSON.parse(json));
}

/** The order as Polar describes it, `refundedCents` of it refunded (before taxes; the stand-in charges none). */
function orderData(input: LocalOrderInput, order: OrderShape, refundedCents: number): Order {
  const { checkout, communityName, paidAt } = input;
  const ids = localIds(checkout);
  const amount = checkout.amountCents;
  const description = `${communityName}: monthly membership`;
  const status = refundedCents === 0 ? 'paid' : refundedCents >= amount ? 'refunded' : 'partially_refunded';
  return {
    id: order.orderId,
    createdAt: paidAt,
    modifiedAt: paidAt,
    status,
    paid: true,
    subtotalAmount: amount,
    discountAmount: 0,
    netAmount: amount,
    taxAmount: 0,
    totalAmount: amount,
    appliedBalanceAmount: 0,
    dueAmount: 0,
    refundedAmount: refundedCents,
    refundedTaxAmount: 0,
    currency: checkout.currency,
    billingReason: order.reason,
    billingName: input.customer.name,
    billingAddress: null,
    invoiceNumber: null,
    isInvoiceGenerated: false,
    receiptNumber: null,
    customerId: ids.customerId,
    productId: PRODUCT_ID,
    discountId: null,
    subscriptionId: ids.subscriptionId,
    // Renewal orders belong to no checkout; the first one carries Polar's checkout id and its metadata.
    checkoutId: order.reason === 'subscription_create' ? checkout.id : null,
    metadata: order.reason === 'subscription_create' ? { [CHECKOUT_METADATA_KEY]: checkout.id } : {},
    platformFeeAmount: 0,
    platformFeeCurrency: null,
    customer: customer(input, order.startedAt),
    product: product(input, order.startedAt),
    discount: null,
    subscription: subscription(input, { startedAt: order.startedAt, periodStart: order.periodStart, status: 'active' }),
    items: [
      { createdAt: paidAt, modifiedAt: null, id: `${order.orderId}_item`, label: description, amount, taxAmount: 0, proration: false, productPriceId: `local_price_${checkout.id}` },
    ],
    description,
    refundableAmount: amount - refundedCents,
    refundableTaxAmount: 0,
  };
}

export interface LocalRefundInput extends LocalOrderInput {
  /** How much of the order has been refunded so far (cumulative, as Polar reports it). */
  refundedCents: number;
  refundedAt: Date;
  /** The renewal refunded (its period's start), or the first payment when absent. */
  renewal?: { periodStart: Date; startedAt: Date };
}

/** The `order.refunded` Polar sends when an order is refunded in full or in part. */
export function localOrderRefundedEvent(input: LocalRefundInput): OrderRefundedEvent {
  const { renewal } = input;
  const order: OrderShape = renewal
    ? { orderId: renewalOrderId(input.checkout, renewal.periodStart), reason: 'subscription_cycle', startedAt: renewal.startedAt, periodStart: renewal.periodStart }
    : { orderId: localIds(input.checkout).firstOrderId, reason: 'subscription_create', startedAt: input.paidAt, periodStart: input.paidAt };
  const json = webhookOrderRefundedPayloadToJSON({ type: 'order.refunded', timestamp: input.refundedAt, data: orderData(input, order, input.refundedCents) });
  return orderRefundedEvent.parse(JSON.parse(json));
}

export interface LocalRevokedInput extends LocalEventInput {
  /** When the subscription started and when it ended. */
  startedAt: Date;
  revokedAt: Date;
}

/** The `subscription.revoked` Polar sends when a subscription ends (revoked, or cancelled and its period over). */
export function localSubscriptionRevokedEvent(input: LocalRevokedInput): SubscriptionRevokedEvent {
  const { startedAt, revokedAt } = input;
  const json = webhookSubscriptionRevokedPayloadToJSON({
    type: 'subscription.revoked',
    timestamp: revokedAt,
    data: {
      ...subscription(input, { startedAt, periodStart: startedAt, status: 'canceled', endedAt: revokedAt }),
      customer: customer(input, startedAt),
      product: product(input, startedAt),
      discount: null,
      prices: product(input, startedAt).prices,
      meters: [],
      pendingUpdate: null,
    },
  });
  return subscriptionRevokedEvent.parse(JSON.parse(json));
}
