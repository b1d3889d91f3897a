import { readFileSync } from 'node:fs';
import { tooLargeMessage, UNSUPPORTED_TYPE_MESSAGE, UPLOAD_KINDS } from '@app/shared/uploads';
import { describe, expect, it } from 'vitest';
import { UNREADABLE_MESSAGE } from './chat/crypto.ts';
import { ADMIN_MESSAGE, SIGNED_IN_MESSAGE } from './core/errors.ts';
import { TOO_MANY_SUBSCRIPTIONS_MESSAGE } from './core/socket.ts';
import { PAYMENT_MESSAGES } from './payments/provider.ts';
import { rateLimitMessage } from './platform/rate-limit/limiter.ts';

/** The web's Arabic for what the server says (apps/web/src/i18n/server-text.ts looks messages up in it). */
const catalog = JSON.parse(readFileSync(new URL('../../../apps/web/src/i18n/ar/server.json', import.meta.url), 'utf8')) as Record<string, string>;
const keyOf = (message: string) => {
  let count = 0;
  return message.replace(/\d+/g, () => `{{n${count++}}}`);
};

describe("the server's own messages", () => {
  const messages = [
    SIGNED_IN_MESSAGE,
    ADMIN_MESSAGE,
    ...Object.values(PAYMENT_MESSAGES),
    rateLimitMessage(1),
    rateLimitMessage(30),
    TOO_MANY_SUBSCRIPTIONS_MESSAGE,
    UNREADABLE_MESSAGE,
    UNSUPPORTED_TYPE_MESSAGE,
    ...Object.values(UPLOAD_KINDS).map(tooLargeMessage),
  ];

  it('are English, each with an Arabic entry in the web catalog', () => {
    for (const message of messages) {
      expect(message).not.toMatch(/\p{Script=Arabic}/u);
      expect(catalog[keyOf(message)], message).toMatch(/\p{Script=Arabic}/u);
    }
    expect(catalog[UNREADABLE_MESSAGE]).toBe('[رسالة غير قابلة للقراءة]');
  });
});
