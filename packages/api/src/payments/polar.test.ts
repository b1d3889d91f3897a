import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSubscriptionRevokedEvent } from './local-events.ts';
import { CHECKOUT_METADATA_KEY } from './webhook.ts';
import { createPolarProvider } from './polar.ts';
import { PaymentsProviderError, type CheckoutRequest, type PaymentsLog } from './provider.ts';

/** A stand-in for Polar's API on a local port: records each request and answers what the test sets. */
interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
let api: Server;
let apiUrl: string;
const requests: Recorded[] = [];
let answer: { status: number; body: unknown } = { status: 500, body: {} };

beforeAll(async () => {
  api = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    requests.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, body: text ? JSON.parse(text) : {} });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});

const logged: { details: object; message: string }[] = [];
const log: PaymentsLog = {
  info: () => {},
  warn: () => {},
  error: (details, message) => logged.push({ details, message }),
};

const provider = () =>
  createPolarProvider({
    config: { accessToken: 'polar_oat_test', productId: 'prod_monthly', server: 'sandbox' },
    publicUrl: 'https://commonroom.example',
    log,
    serverURL: apiUrl,
  });

const request: CheckoutRequest = {
  checkoutId: '6f1c1c9e-5d0e-4f43-9a55-2f3c0d8e9b10',
  amountCents: 1250,
  currency: 'usd',
  communityName: 'Quiet Ledger',
  customerEmail: 'pat@example.com',
  successPath: '/community/Quiet%20Ledger?checkout=success',
};

/** A checkout as Polar's API answers one (the fields the SDK requires). */
function polarCheckout(id: string, url: string) {
  const now = new Date().toISOString();
  const billingField = 'optional';
  return {
    id,
    created_at: now,
    modified_at: null,
    payment_processor: 'stripe',
    status: 'open',
    client_secret: 'polar_c_secret',
    url,
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    success_url: 'https://commonroom.example/community/Quiet%20Ledger?checkout=success',
    return_url: 'https://commonroom.example/Quiet%20Ledger/join',
    embed_origin: null,
    amount: 1250,
    discount_amount: 0,
    net_amount: 1250,
    tax_amount: null,
    tax_behavior: null,
    total_amount: 1250,
    currency: 'usd',
    allow_trial: false,
    active_trial_interval: null,
    active_trial_interval_count: null,
    trial_end: null,
    organization_id: 'org_1',
    product_id: null,
    product_price_id: null,
    discount_id: null,
    allow_discount_codes: false,
    require_billing_address: false,
    is_discount_applicable: false,
    is_free_product_price: false,
    is_payment_required: true,
    is_payment_setup_required: true,
    is_payment_form_required: true,
    customer_id: null,
    is_business_customer: false,
    customer_name: null,
    customer_email: 'pat@example.com',
    customer_ip_address: null,
    customer_billing_name: null,
    customer_billing_address: null,
    customer_tax_id: null,
    payment_processor_metadata: {},
    billing_address_fields: { country: 'required', state: billingField, city: billingField, postal_code: billingField, line1: billingField, line2: billingField },
    trial_interval: null,
    trial_interval_count: null,
    metadata: { [CHECKOUT_METADATA_KEY]: request.checkoutId },
    external_customer_id: null,
    products: [],
    product: null,
    product_price: null,
    prices: null,
    discount: null,
    subscription_id: null,
    attached_custom_fields: null,
    customer_metadata: {},
  };
}

describe('the Polar provider', () => {
  it("creates a checkout for the product at the community's price, our checkout id in the metadata", async () => {
    requests.length = 0;
    answer = { status: 201, body: polarCheckout('co_polar_1', 'https://sandbox.polar.sh/checkout/polar_c_secret') };

    await expect(provider().createCheckout(request)).resolves.toEqual({ url: 'https://sandbox.polar.sh/checkout/polar_c_secret', providerRef: 'co_polar_1' });

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkouts/', authorization: 'Bearer polar_oat_test' });
    expect(sent!.body).toMatchObject({
      products: ['prod_monthly'],
      prices: { prod_monthly: [{ amount_type: 'fixed', price_amount: 1250, price_currency: 'usd' }] },
      metadata: { [CHECKOUT_METADATA_KEY]: request.checkoutId },
      customer_email: 'pat@example.com',
      success_url: 'https://commonroom.example/community/Quiet%20Ledger?checkout=success',
      return_url: 'https://commonroom.example/Quiet%20Ledger/join',
      allow_discount_codes: false,
      allow_trial: false,
    });
  });

  it('fails with PaymentsProviderError, logging the cause, when Polar refuses', async () => {
    logged.length = 0;
    answer = { status: 401, body: { error: 'Unauthorized', detail: 'Invalid token' } };
    await expect(provider().createCheckout(request)).rejects.toBeInstanceOf(PaymentsProviderError);
    expect(logged).toEqual([{ details: expect.objectContaining({ checkoutId: request.checkoutId }), message: 'Polar did not create a checkout' }]);
  });
});

describe('the Polar provider, later', () => {
  const subscription = () =>
    localSubscriptionRevokedEvent({
      checkout: { id: request.checkoutId, userId: '0b7b0f7e-7a4c-4a53-9d0e-8a1f1c2d3e4f', amountCents: 1250, currency: 'usd' },
      customer: { email: 'pat@example.com', name: 'Pat' },
      communityName: 'Quiet Ledger',
      startedAt: new Date(Date.now() - 86_400_000),
      revokedAt: new Date(),
    }).data;

  it('revokes a subscription at once (a removal)', async () => {
    requests.length = 0;
    answer = { status: 200, body: subscription() };
    await expect(provider().cancelSubscription('sub_1', 'revoke')).resolves.toBe('cancelled');
    expect(requests).toEqual([expect.objectContaining({ method: 'DELETE', path: '/v1/subscriptions/sub_1', authorization: 'Bearer polar_oat_test' })]);
  });

  it('cancels a subscription at the end of its period (leaving)', async () => {
    requests.length = 0;
    answer = { status: 200, body: subscription() };
    await expect(provider().cancelSubscription('sub_2', 'at_period_end')).resolves.toBe('cancelled');
    expect(requests).toEqual([expect.objectContaining({ method: 'PATCH', path: '/v1/subscriptions/sub_2', body: { cancel_at_period_end: true } })]);
  });

  it('takes an already cancelled or unknown subscription as done, and fails with PaymentsProviderError otherwise', async () => {
    answer = { status: 403, body: { error: 'AlreadyCanceledSubscription', detail: 'This subscription is already canceled.' } };
    await expect(provider().cancelSubscription('sub_3', 'revoke')).resolves.toBe('already_ended');
    answer = { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } };
    await expect(provider().cancelSubscription('sub_3', 'at_period_end')).resolves.toBe('already_ended');
    logged.length = 0;
    answer = { status: 500, body: { detail: 'boom' } };
    await expect(provider().cancelSubscription('sub_3', 'revoke')).rejects.toBeInstanceOf(PaymentsProviderError);
    expect(logged).toEqual([{ details: expect.objectContaining({ subscriptionRef: 'sub_3', mode: 'revoke' }), message: 'Polar did not cancel a subscription' }]);
  });

  it("offers a buyer's open checkout again while Polar still takes payment on it", async () => {
    requests.length = 0;
    answer = { status: 200, body: polarCheckout('co_polar_2', 'https://sandbox.polar.sh/checkout/polar_c_2') };
    await expect(provider().resumeCheckout({ checkoutId: request.checkoutId, providerRef: 'co_polar_2' })).resolves.toEqual({
      url: 'https://sandbox.polar.sh/checkout/polar_c_2',
      providerRef: 'co_polar_2',
    });
    expect(requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/checkouts/co_polar_2' })]);

    answer = { status: 200, body: { ...polarCheckout('co_polar_2', 'https://x'), status: 'expired' } };
    await expect(provider().resumeCheckout({ checkoutId: request.checkoutId, providerRef: 'co_polar_2' })).resolves.toBeNull();
    answer = { status: 200, body: { ...polarCheckout('co_polar_2', 'https://x'), expires_at: new Date(Date.now() + 60_000).toISOString() } };
    await expect(provider().resumeCheckout({ checkoutId: request.checkoutId, providerRef: 'co_polar_2' })).resolves.toBeNull();
    answer = { status: 500, body: {} };
    await expect(provider().resumeCheckout({ checkoutId: request.checkoutId, providerRef: 'co_polar_2' })).resolves.toBeNull();
  });
});
