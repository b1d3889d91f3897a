import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short token that proves the server wrote `value` (an unsubscribe link's person and kind): the
 * value, a dot, and the HMAC-SHA256 of it under a server secret, base64url. No expiry: an
 * unsubscribe link in an old e-mail keeps working.
 */
export function signToken(secret: string, value: string): string {
  return `${Buffer.from(value).toString('base64url')}.${mac(secret, value)}`;
}

/** The value a token carries, or null when it was not signed under `secret` (or is malformed). */
export function verifyToken(secret: string, token: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined || token.length > 1000) return null;
  const value = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(mac(secret, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function mac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}
