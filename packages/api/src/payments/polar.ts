import type { Polar } from '@polar-sh/sdk';
import { CHECKOUT_METADATA_KEY } from './webhook.ts';
import { PaymentsProviderError, type PaymentsLog, type PaymentsProvider, type PolarConfig } from './provider.ts';

export interface PolarProviderOptions {
  config: PolarConfig;
  /** Our public origin: Polar sends the browser back to `publicUrl + successPath`. */
  publicUrl: string;
  log: PaymentsLog;
  /** Another API address (tests point it at a local fake); by default `config.server`'s. */
  serverURL?: string;
}

/** What we use of Polar's SDK, imported when first needed (a dynamic import stays one in the production bundle). */
async function importSdk() {
  const [{ Polar }, { AlreadyCanceledSubscription }, { ResourceNotFound }] = await Promise.all([
    import('@polar-sh/sdk'),
    import('@polar-sh/sdk/models/errors/alreadycanceledsubscription.js'),
    import('@polar-sh/sdk/models/errors/resourcenotfound.js'),
  ]);
  return { Polar, AlreadyCanceledSubscription, ResourceNotFound };
}

/** A checkout is offered again only while this much of its life is left (time to fill in a card). */
const RESUME_MARGIN_MS = 10 * 60_000;

/**
 * Checkouts on Polar. POLAR_PRODUCT_ID is one recurring monthly product; every checkout gives it an
 * ad-hoc fixed price (`prices`), the community's, so one product serves every community and the
 * customer cannot change the amount (a pay-what-you-want price would let them). Our checkout id
 * rides in the metadata, which Polar copies to the order and the subscription, so the paid-order
 * webhook (first payment and renewals) finds its way back.
 */
export function createPolarProvider({ config, publicUrl, log, serverURL }: PolarProviderOptions): PaymentsProvider {
  // The SDK (some 25 MB of heap) is loaded with the first call, so a server without Polar never holds it.
  let sdk: ReturnType<typeof importSdk> | null = null;
  const loadSdk = () => (sdk ??= importSdk());
  let client: Promise<Polar> | null = null;
  const polarClient = () =>
    (client ??= loadSdk().then(
      ({ Polar }) =>
        new Polar({
          accessToken: config.accessToken,
          ...(serverURL ? { serverURL } : { server: config.server }),
          timeoutMs: 15_000,
        }),
    ));
  return {
    name: 'polar',
    async createCheckout(request) {
      try {
        const polar = await polarClient();
        const checkout = await polar.checkouts.create({
          products: [config.productId],
          prices: {
            [config.productId]: [{ amountType: 'fixed', priceAmount: request.amountCents, priceCurrency: request.currency }],
          },
          metadata: { [CHECKOUT_METADATA_KEY]: request.checkoutId },
          customerEmail: request.customerEmail,
          successUrl: new URL(request.successPath, publicUrl).toString(),
          // Polar's back button returns to the community's join page.
          returnUrl: new URL(`/${encodeURIComponent(request.communityName)}/join`, publicUrl).toString(),
          // The price is the owner's: no discount codes, no trial.
          allowDiscountCodes: false,
          allowTrial: false,
        });
        return { url: checkout.url, providerRef: checkout.id };
      } catch (error) {
        log.error({ err: error, checkoutId: request.checkoutId }, 'Polar did not create a checkout');
        throw new PaymentsProviderError('Polar did not create a checkout', { cause: error });
      }
    },
    async resumeCheckout({ checkoutId, providerRef }) {
      try {
        const polar = await polarClient();
        const checkout = await polar.checkouts.get({ id: providerRef });
        if (checkout.status !== 'open' || checkout.expiresAt.getTime() < Date.now() + RESUME_MARGIN_MS) return null;
        return { url: checkout.url, providerRef: checkout.id };
      } catch (error) {
        // A new checkout is started instead.
        log.warn({ err: error, checkoutId, providerRef }, 'Polar did not return an open checkout');
        return null;
      }
    },
    async cancelSubscription(subscriptionRef, mode) {
      try {
        // Revoking ends the subscription now; cancelling at period end charges no more and lets the paid month run out.
        const polar = await polarClient();
        if (mode === 'revoke') await polar.subscriptions.revoke({ id: subscriptionRef });
        else await polar.subscriptions.update({ id: subscriptionRef, subscriptionUpdate: { cancelAtPeriodEnd: true } });
        return 'cancelled';
      } catch (error) {
        const { AlreadyCanceledSubscription, ResourceNotFound } = await loadSdk();
        if (error instanceof AlreadyCanceledSubscription || error instanceof ResourceNotFound) return 'already_ended';
        log.error({ err: error, subscriptionRef, mode }, 'Polar did not cancel a subscription');
        throw new PaymentsProviderError('Polar did not cancel a subscription', { cause: error });
      }
    },
  };
}
