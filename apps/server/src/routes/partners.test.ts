import { randomUUID } from 'node:crypto';
import { localOrderPaidEvent, localOrderRefundedEvent } from '@app/api/server';
import { checkouts, partnerReferrals } from '@app/db/schema';
import { PARTNER_MESSAGES } from '@app/shared/partners';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverPolarWebhook, getAs, paidCommunity, signedInPerson, trpcAnswer, trpcMutation, uniqueEmail, useServer } from '../testing/index.ts';

const WEBHOOK_SECRET = `polar_whs_${randomUUID()}`;
const ADMIN_EMAIL = uniqueEmail('admin');
const server = useServer({ POLAR_WEBHOOK_SECRET: WEBHOOK_SECRET, ADMIN_EMAILS: ADMIN_EMAIL });

const person = (email = uniqueEmail('partner')) => signedInPerson(server, { email });
const trpcPost = async <T,>(app: FastifyInstance, cookie: string, path: string, input: unknown) => trpcAnswer<T>(await trpcMutation(app, path, input, cookie));
const deliver = (event: unknown, id?: string) => deliverPolarWebhook(server.app, WEBHOOK_SECRET, event, id);
const get = (url: string, cookie: string | null) => getAs(server.app, url, cookie);

describe("a partner's CSV downloads and a refund through Polar's webhook", () => {
  let partner: Awaited<ReturnType<typeof person>>;
  let input: Parameters<typeof localOrderPaidEvent>[0];
  let communityId: string;

  beforeAll(async () => {
    partner = await person();
    expect((await trpcPost(server.app, partner.cookie, 'partners.join', undefined)).status).toBe(200);
    // A referred paid community whose name a spreadsheet would run as a formula, and one paid membership.
    const owner = await person(uniqueEmail('owner'));
    const community = await paidCommunity(server, owner.id, { name: `=HYPERLINK("http://evil.example","x") ${Date.now()}`, referredBy: partner.id, membershipAmountCents: 1010 });
    await server.database.db.insert(partnerReferrals).values({ partnerId: partner.id, communityId: community.id });
    communityId = community.id;
    const buyer = await person(uniqueEmail('buyer'));
    const [checkout] = await server.database.db
      .insert(checkouts)
      .values({ communityId: community.id, userId: buyer.id, amountCents: 1010, provider: 'local' })
      .returning();
    await server.database.db.update(checkouts).set({ providerRef: checkout!.id }).where(eq(checkouts.id, checkout!.id));
    input = { checkout: checkout!, customer: { email: buyer.email, name: null }, communityName: community.name, paidAt: new Date() };
    const paid = await deliver(localOrderPaidEvent(input));
    expect(paid.json()).toMatchObject({ outcome: 'admitted' });
  });

  it('order.refunded is verified, recorded once, and reverses the commission', async () => {
    const event = localOrderRefundedEvent({ ...input, refundedCents: 1010, refundedAt: new Date() });
    const first = await deliver(event, 'msg_refund_http');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'refunded' });
    expect((await deliver(event, 'msg_refund_http')).json()).toMatchObject({ outcome: 'duplicate' });
    // Unsigned: refused before anything is read.
    const unsigned = await server.app.inject({ method: 'POST', url: '/api/webhooks/polar', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(401);
  });

  it('earnings.csv: the signed-in partner’s own ledger, formula-safe; 401 signed out, 403 for a non-partner', async () => {
    const res = await get('/api/partners/earnings.csv', partner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="partner-earnings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"date","month","community","entry","payment_amount","rate_percent","amount","currency"');
    // Newest first: the refund's reversal, then the commission; the name kept from being a formula.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"[^"]+","\d{4}-\d{2}","'=HYPERLINK\(""http:\/\/evil\.example"",""x""\) \d+","reversal","10\.10","5","-0\.51","USD"$/);
    expect(lines[2]).toMatch(/,"commission","10\.10","5","0\.51","USD"$/);

    expect((await get('/api/partners/earnings.csv', null)).statusCode).toBe(401);
    const stranger = await person(uniqueEmail('stranger'));
    const refused = await get('/api/partners/earnings.csv', stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: PARTNER_MESSAGES.partnersOnly });
  });

  it('payouts.csv: what an admin recorded, the reference formula-safe', async () => {
    // Pay the partner something first: a second payment, then a payout of it.
    const [checkout] = await server.database.db
      .insert(checkouts)
      .values({ communityId, userId: (await person(uniqueEmail('buyer'))).id, amountCents: 1010, provider: 'local' })
      .returning();
    await deliver(localOrderPaidEvent({ ...input, checkout: checkout! }));
    const admin = await person(ADMIN_EMAIL);
    const notAdmin = await trpcPost(server.app, partner.cookie, 'partners.recordPayout', { partnerId: partner.id, amountCents: 51 });
    expect(notAdmin.status).toBe(403);
    const recorded = await trpcPost<{ pendingCents: number }>(server.app, admin.cookie, 'partners.recordPayout', { partnerId: partner.id, amountCents: 51, reference: '@transfer 42' });
    expect(recorded.status).toBe(200);
    expect(recorded.data!.pendingCents).toBe(0);

    const res = await get('/api/partners/payouts.csv', partner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body.trimEnd().split('\r\n')).toEqual(['"date","month","amount","currency","reference"', expect.stringMatching(/^"[^"]+","\d{4}-\d{2}","0\.51","USD","'@transfer 42"$/)]);
    expect((await get('/api/partners/payouts.csv', null)).statusCode).toBe(401);
  });
});
