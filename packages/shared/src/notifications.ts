import { z } from 'zod';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES } from './language.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { NOTIFICATION_MESSAGES, PUSH_MESSAGES } from './plain/notifications.ts';

/** The bell: what notifies whom (issue 22), in one list. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/notifications.ts';

export const notificationCursor = z.object({ updatedAt: cursorTime(NOTIFICATION_MESSAGES.cursor), id: z.uuid({ error: NOTIFICATION_MESSAGES.cursor }) });

export const listNotificationsInput = z.object({
  cursor: notificationCursor.nullish(),
  unreadOnly: z.boolean().default(false),
});

export const notificationIdInput = z.object({ id: z.uuid({ error: NOTIFICATION_MESSAGES.notFound }) });

export const muteInput = z.object({ communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }), muted: z.boolean() });


export const notificationSubscriptionInput = z.object({ lastEventId });

// --- Web push (the devices a member turned pushes on in) ----------------------------------------

/** A browser's key (base64url, RFC 8291): p256dh is 65 bytes (87 characters), auth 16 (22). */
const pushKey = (max: number) =>
  boundedText(max, PUSH_MESSAGES.endpoint, { trim: false }).pipe(z.string().regex(/^[A-Za-z0-9_-]{16,}={0,2}$/, { error: PUSH_MESSAGES.endpoint }));

/** A push service's address for one browser (a secret capability URL, https). */
const pushEndpoint = boundedText(2048, PUSH_MESSAGES.endpoint, { trim: false }).pipe(z.url({ protocol: /^https$/, error: PUSH_MESSAGES.endpoint }));

/** What PushManager.subscribe() gave the browser, and whether it is a phone or tablet, in which language. */
export const pushSubscribeInput = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: pushKey(128), auth: pushKey(64) }),
  mobile: z.boolean().default(false),
  language: z.enum(INTERFACE_LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeInput>;

export const pushUnsubscribeInput = z.object({ endpoint: pushEndpoint });
