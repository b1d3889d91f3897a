import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { addMonth } from './webhook.ts';
import { generateWebhookSecret, webhookSigner, WebhookVerificationError } from './signature.ts';

const body = JSON.stringify({ type: 'order.paid', data: { id: 'order_1' } });

describe('webhookSigner', () => {
  it('verifies what it signs with the same secret, and nothing else', () => {
    const secret = generateWebhookSecret();
    const { headers } = webhookSigner(secret).sign('msg_1', body);
    expect(webhookSigner(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => webhookSigner(generateWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => webhookSigner(secret).verify(body.replace('order_1', 'order_2'), headers)).toThrow(WebhookVerificationError);
    expect(() => webhookSigner(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(WebhookVerificationError);
    expect(() => webhookSigner(secret).verify(body, {})).toThrow(WebhookVerificationError);
  });

  it('refuses a delivery signed more than five minutes ago', () => {
    const secret = generateWebhookSecret();
    const { headers } = webhookSigner(secret).sign('msg_1', body, new Date(Date.now() - 6 * 60_000));
    expect(() => webhookSigner(secret).verify(body, headers)).toThrow(/too old/);
  });

  it("takes Polar's key (the secret's UTF-8 bytes) and a Standard Webhooks whsec_ key", () => {
    const polarSecret = 'polar_whs_5ecret';
    const at = new Date();
    const polarSigned = new Webhook(new TextEncoder().encode(polarSecret), { format: 'raw' }).sign('msg_1', at, body);
    const headers = (signature: string) => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature });
    expect(webhookSigner(polarSecret).verify(body, headers(polarSigned))).toEqual(JSON.parse(body));

    const standardSecret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const standardSigned = new Webhook(standardSecret).sign('msg_1', at, body);
    expect(webhookSigner(standardSecret).verify(body, headers(standardSigned))).toEqual(JSON.parse(body));
    // Several signatures, space-separated (key rotation): one match is enough.
    expect(webhookSigner(polarSecret).verify(body, headers(`v1,bm90LWl0 ${polarSigned}`))).toEqual(JSON.parse(body));
  });

  it('parses only after the signature matches: a signed body that is not JSON is a SyntaxError', () => {
    const secret = generateWebhookSecret();
    const { headers } = webhookSigner(secret).sign('msg_1', 'not json');
    expect(() => webhookSigner(secret).verify('not json', headers)).toThrow(SyntaxError);
  });
});

describe('addMonth', () => {
  it('moves to the same day next month, or the last day of a shorter month', () => {
    expect(addMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonth(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-31T23:59:59.000Z');
  });
});
