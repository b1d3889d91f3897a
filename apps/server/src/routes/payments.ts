import { randomUUID } from 'node:crypto';
import {
  generateWebhookSecret,
  handlePolarEvent,
  localOrderPaidEvent,
  WebhookPayloadError,
  webhookSigner,
  WebhookVerificationError,
  type OrderPaidOutcome,
} from '@app/api/server';
import { checkouts, communities, profiles } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localCheckoutMessage, localCheckoutPage } from '../views/local-checkout-page.ts';

export const POLAR_WEBHOOK_PATH = '/api/webhooks/polar';
const WEBHOOK_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const checkoutParams = z.object({ checkoutId: z.uuid() });

/**
 * Polar's webhook (`POST /api/webhooks/polar`) and, outside production without Polar, the local
 * checkout stand-in (`/checkout/local/:checkoutId`), whose 'Pay' sends a signed Polar-shaped
 * `order.paid` through that same webhook.
 */
export async function paymentsRoutes(app: FastifyInstance) {
  const local = app.standIns.checkout;
  const secret = app.config.payments.webhookSecret ?? (local ? generateWebhookSecret() : null);
  const signer = secret ? webhookSigner(secret) : null;

  await app.register(async (scope) => {
    // The signature covers the exact bytes sent, so this route (only) keeps the body as raw text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    // Server to server: no Origin header, which the cross-origin check lets through.
    scope.post(POLAR_WEBHOOK_PATH, async (req, reply) => {
      const headers = deliveryHeaders(req);
      const body = typeof req.body === 'string' ? req.body : '';
      let payload: unknown;
      try {
        if (!signer) throw new WebhookVerificationError('POLAR_WEBHOOK_SECRET is not set');
        payload = signer.verify(body, headers);
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          req.log.warn({ reason: error.message }, 'Polar webhook refused: bad signature');
          return reply.code(401).send({ message: 'Webhook signature is not valid.' });
        }
        if (error instanceof SyntaxError) return reply.code(400).send({ message: 'Webhook payload is not valid JSON.' });
        throw error;
      }
      const deliveryId = headers['webhook-id'] ?? '';
      if (deliveryId.length > 200) return reply.code(400).send({ message: 'Webhook id is too long.' });
      try {
        const result = await handlePolarEvent(app.database.db, deliveryId, payload);
        logOutcome(req.log, deliveryId, result);
        return reply.send({ received: true, outcome: result.outcome });
      } catch (error) {
        if (error instanceof WebhookPayloadError) {
          req.log.warn({ deliveryId, reason: error.message }, 'Polar webhook refused: order.paid payload is not valid');
          return reply.code(400).send({ message: 'Webhook payload is not valid.' });
        }
        throw error;
      }
    });
  });

  /** The checkout in the path, when the stand-in is on and it is the signed-in caller's; else a page is sent. */
  async function ownCheckout(req: FastifyRequest, reply: FastifyReply) {
    const params = checkoutParams.safeParse(req.params);
    if (!local || !params.success) return void notFound(reply);
    const { user } = await req.auth();
    if (!user) return void reply.redirect(`/auth/google?returnTo=${encodeURIComponent(`/checkout/local/${params.data.checkoutId}`)}`);
    const [row] = await app.database.db
      .select({ checkout: checkouts, communityName: communities.name, email: profiles.email, fullName: profiles.fullName })
      .from(checkouts)
      .innerJoin(communities, eq(communities.id, checkouts.communityId))
      .innerJoin(profiles, eq(profiles.id, checkouts.userId))
      .where(and(eq(checkouts.id, params.data.checkoutId), eq(checkouts.userId, user.id), eq(checkouts.provider, 'local')));
    if (!row) return void notFound(reply);
    const communityPath = `/community/${encodeURIComponent(row.communityName)}`;
    if (row.checkout.status === 'paid') {
      return void page(reply, 200, localCheckoutMessage('Already paid', 'This checkout is paid.', { href: communityPath, label: `Go to ${row.communityName}` }, 'info'));
    }
    if (row.checkout.status === 'expired') {
      return void page(reply, 410, localCheckoutMessage('Checkout expired', 'This checkout has expired.', { href: `/${encodeURIComponent(row.communityName)}/join`, label: 'Start again' }));
    }
    return { ...row, communityPath };
  }

  // Only this computer may use the stand-in (unless UNSAFE_LOCAL_STAND_INS): see plugins/stand-ins.ts.
  const localOnly = local ? { preHandler: app.standIns.localOnly } : {};

  app.get('/checkout/local/:checkoutId', localOnly, async (req, reply) => {
    const found = await ownCheckout(req, reply);
    if (!found) return reply;
    const { checkout, communityName, email } = found;
    return page(reply, 200, localCheckoutPage({ checkoutId: checkout.id, communityName, amountCents: checkout.amountCents, currency: checkout.currency, email }));
  });

  app.post('/checkout/local/:checkoutId/pay', { ...localOnly, onRequest: app.rateLimit('payments:pay') }, async (req, reply) => {
    const found = await ownCheckout(req, reply);
    if (!found) return reply;
    const { checkout, communityName, email, fullName, communityPath } = found;
    const event = localOrderPaidEvent({ checkout, customer: { email, name: fullName }, communityName, paidAt: new Date() });
    const delivery = signer!.sign(`local_msg_${randomUUID()}`, JSON.stringify(event));
    const res = await app.inject({
      method: 'POST',
      url: POLAR_WEBHOOK_PATH,
      headers: { ...delivery.headers, 'content-type': 'application/json' },
      payload: delivery.body,
    });
    const outcome = res.statusCode === 200 ? (res.json() as { outcome: OrderPaidOutcome['outcome'] }).outcome : null;
    if (outcome === 'admitted' || outcome === 'renewed' || outcome === 'duplicate') {
      return reply.redirect(`${communityPath}?checkout=success`, 303);
    }
    if (outcome === 'not_admitted_full') {
      return page(reply, 409, localCheckoutMessage('Community full', COMMUNITY_MESSAGES.noSeats, { href: communityPath, label: `Back to ${communityName}` }));
    }
    if (outcome === 'not_admitted_banned') {
      return page(reply, 403, localCheckoutMessage('Cannot join', COMMUNITY_MESSAGES.banned, { href: '/', label: 'Back to Discover' }));
    }
    req.log.error({ checkoutId: checkout.id, status: res.statusCode, outcome }, 'local checkout: the webhook did not admit the payer');
    return page(reply, 502, localCheckoutMessage('Payment not recorded', 'The payment could not be recorded. Please try again.', { href: `/checkout/local/${checkout.id}`, label: 'Back to checkout' }));
  });
}

function deliveryHeaders(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of WEBHOOK_HEADERS) {
    const value = req.headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first) headers[name] = first;
  }
  return headers;
}

function logOutcome(log: FastifyBaseLogger, deliveryId: string, result: OrderPaidOutcome) {
  const details = { deliveryId, ...result };
  switch (result.outcome) {
    case 'admitted':
    case 'renewed':
      return log.info(details, 'Polar order paid: membership recorded');
    case 'duplicate':
      return log.info(details, 'Polar webhook already processed: nothing changed');
    case 'ignored':
      return log.debug(details, 'Polar webhook ignored (event type not handled)');
    case 'unknown_checkout':
      return log.warn(details, 'Polar event for no checkout of ours: ignored');
    case 'ended':
      return log.info(details, 'Polar subscription revoked: membership ended');
    case 'not_member':
      return log.info(details, 'Polar subscription revoked, but it pays for no current membership: nothing to end');
    case 'not_admitted_full':
      return log.error(details, 'REFUND NEEDED: paid, but the community was full; the payer was not admitted and the subscription is being revoked');
    case 'not_admitted_banned':
      return log.error(details, 'REFUND NEEDED: paid, but the owner had removed this person; not admitted, and the subscription is being revoked');
    case 'not_admitted_ended':
      return log.error(details, 'REFUND NEEDED: a renewal for a membership that had ended; not admitted, and the subscription is being revoked');
    case 'not_admitted_duplicate':
      return log.error(details, 'REFUND NEEDED: paid while already a member through another subscription; this subscription is being revoked');
    case 'not_admitted_underpaid':
      return log.error(details, 'REVIEW NEEDED: paid less than the checkout price or in another currency; the payer was not admitted');
    case 'refunded':
      return log.info(details, 'Polar order refunded: refund recorded and the partner commission on it reversed');
    case 'unknown_order':
      return log.warn(details, 'Polar refund for no payment of ours: ignored');
  }
}

function page(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function notFound(reply: FastifyReply) {
  return page(reply, 404, localCheckoutMessage('Not found', 'There is no such checkout.'));
}
