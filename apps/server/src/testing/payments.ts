import { webhookSigner } from '@app/api/server';
import { createTestCommunity } from '@app/api/testing';
import type { communities } from '@app/db/schema';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { trpcMutation } from './http.ts';
import { PUBLIC_URL, type ServerFixture } from './server.ts';

let counter = 0;
/** A paid community as communities.create leaves it: US$9.99 a month, the owner an approved member counted once. */
export function paidCommunity(server: ServerFixture, ownerId: string, values: Partial<typeof communities.$inferInsert> = {}) {
  counter += 1;
  return createTestCommunity(server.database, ownerId, { name: `Paid Guild ${counter} ${Date.now()}`, membershipAmountCents: 999, ...values });
}

/** payments.createCheckout over tRPC HTTP, as the join page calls it: the local checkout's path and id. */
export async function createCheckout(app: FastifyInstance, cookie: string, communityId: string) {
  const res = await trpcMutation(app, 'payments.createCheckout', { communityId, checkoutType: 'monthly' }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const checkoutUrl = (res.json() as { result: { data: { json: { checkoutUrl: string } } } }).result.data.json.checkoutUrl;
  const url = new URL(checkoutUrl);
  expect(url.origin).toBe(PUBLIC_URL);
  return { path: url.pathname, checkoutId: url.pathname.split('/').pop()! };
}

/** The local checkout's 'Pay' button: a same-origin form post (from `remoteAddress`, with more `headers`). */
export function payLocalCheckout(app: FastifyInstance, cookie: string, checkoutId: string, { remoteAddress, headers = {} }: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: `/checkout/local/${checkoutId}/pay`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { cookie, origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: '',
  });
}

/** A Polar delivery of `event`, signed with `secret`, posted the way Polar does (no Origin). */
export function deliverPolarWebhook(app: FastifyInstance, secret: string, event: unknown, id = `msg_${randomUUID()}`) {
  const { body, headers } = webhookSigner(secret).sign(id, JSON.stringify(event));
  return app.inject({ method: 'POST', url: '/api/webhooks/polar', headers: { ...headers, 'content-type': 'application/json' }, payload: body });
}
