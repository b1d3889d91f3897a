import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

export interface SignedDelivery {
  body: string;
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
}

/**
 * Standard Webhooks signatures (HMAC-SHA256 over `id.timestamp.body`, five minutes' tolerance) as
 * Polar makes them. Polar's key is the UTF-8 bytes of the whole secret; a secret in the Standard
 * Webhooks form (`whsec_` + base64) is also accepted under its decoded key, as Polar's own SDK does.
 */
export function webhookSigner(secret: string) {
  const utf8Key = new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  const keys = [utf8Key];
  const standardKey = decodedKey(secret);
  if (standardKey) keys.push(new Webhook(standardKey, { format: 'raw' }));

  return {
    /** The parsed JSON body when a signature matches; WebhookVerificationError otherwise (SyntaxError for a signed non-JSON body). */
    verify(body: string, headers: Record<string, string>): unknown {
      let failure = new WebhookVerificationError('No matching signature found');
      const matched = keys.some((key) => {
        try {
          key.verify(body, headers, { jsonParse: false });
          return true;
        } catch (error) {
          if (!(error instanceof WebhookVerificationError)) throw error;
          failure = error;
          return false;
        }
      });
      if (!matched) throw failure;
      return body === '' ? undefined : JSON.parse(body);
    },
    /** Signs `body` as a delivery with the given id, now (the local stand-in sends these). */
    sign(deliveryId: string, body: string, at: Date = new Date()): SignedDelivery {
      return {
        body,
        headers: {
          'webhook-id': deliveryId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': utf8Key.sign(deliveryId, at, body),
        },
      };
    },
  };
}

/** A secret for the local stand-in when POLAR_WEBHOOK_SECRET is unset: it lives as long as the process. */
export function generateWebhookSecret(): string {
  return `local_whs_${randomBytes(32).toString('base64url')}`;
}

function decodedKey(secret: string): Uint8Array | null {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const key = new Uint8Array(Buffer.from(encoded, 'base64'));
  return key.length > 0 ? key : null;
}
