import { z } from 'zod';
import { COMMUNITY_MESSAGES } from './communities.ts';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES } from './language.ts';

/** The bell: what notifies whom (issue 22), in one list. */

export const NOTIFICATION_KINDS = [
  'post.liked',
  'comment.liked',
  'post.commented',
  'comment.replied',
  'mention',
  'join.requested',
  'join.approved',
  'join.declined',
  'event.created',
  'event.starting',
  'course.published',
  'module.published',
  'level.up',
  'partner.member',
  'partner.payout',
  'export.ready',
  'report.resolved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What reaches the bell whatever 'Notify me about' says: answers to what the person asked for themselves. */
export const ALWAYS_KINDS: readonly NotificationKind[] = ['export.ready'];

/** What 'Notify me about: mentions' still lets through: being named, and being answered. */
export const MENTION_KINDS: readonly NotificationKind[] = ['mention', 'comment.replied'];

/** Kinds told by e-mail (within EMAIL_BATCH_SECONDS, when unseen) under the social switch. */
export const SOCIAL_EMAIL_KINDS: readonly NotificationKind[] = ['mention', 'comment.replied', 'post.commented'];

export const NOTIFICATION_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  notFound: 'This notification no longer exists.',
  cursor: 'The page cursor is not valid.',
  allRead: 'All notifications are marked as read.',
} as const;

export const notificationCursor = z.object({ updatedAt: cursorTime(NOTIFICATION_MESSAGES.cursor), id: z.uuid({ error: NOTIFICATION_MESSAGES.cursor }) });

export const listNotificationsInput = z.object({
  cursor: notificationCursor.nullish(),
  unreadOnly: z.boolean().default(false),
});

export const notificationIdInput = z.object({ id: z.uuid({ error: NOTIFICATION_MESSAGES.notFound }) });

export const muteInput = z.object({ communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }), muted: z.boolean() });


export const notificationSubscriptionInput = z.object({ lastEventId });

// --- Web push (the devices a member turned pushes on in) ----------------------------------------

export const PUSH_MESSAGES = {
  endpoint: 'This push subscription is not valid.',
  off: 'Push notifications are not available on this server.',
} as const;

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
