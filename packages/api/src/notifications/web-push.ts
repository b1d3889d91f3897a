import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';

/** The server's VAPID keys (RFC 8292) that push services know its pushes by. */
export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address push services may reach the operator at. */
  subject: string;
  /** The connections' agent: the tests' one trusts the local push stand-in's own certificate. */
  agent?: Agent;
}

declare module '../core/context.ts' {
  interface DomainServices {
    /** Web push's keys, or null when pushes are off (production without VAPID keys). */
    webPush: WebPushConfig | null;
  }
}

/** A new key pair, base64url (what VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY hold). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/**
 * Whether the server may send to this endpoint: an https address with no credentials (push services
 * all are). A plain http one (an internal service, say) is refused, so a subscription cannot make the
 * server call it; an https one must show a certificate the server trusts.
 */
export function endpointAllowed(endpoint: string): boolean {
  const url = URL.parse(endpoint);
  return url !== null && url.protocol === 'https:' && !url.username && !url.password;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a device is told: the service worker (apps/web/public/sw.js) shows it. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** A newer push with the same tag replaces the shown one (a group that grew). */
  tag: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** 'sent'; 'gone' when the push service says the subscription no longer exists (404, 410); else 'failed'. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends one encrypted push (RFC 8291) signed with the server's VAPID keys; kept a day at most. */
export async function sendPush(config: WebPushConfig, target: PushTarget, message: PushMessage): Promise<{ outcome: PushOutcome; error?: unknown }> {
  if (!endpointAllowed(target.endpoint)) return { outcome: 'gone' };
  try {
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
      vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
      TTL: 24 * 60 * 60,
      timeout: 10_000,
      ...(config.agent ? { agent: config.agent } : {}),
    });
    return { outcome: 'sent' };
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return { outcome: 'gone' };
    return { outcome: 'failed', error };
  }
}
