import { z } from 'zod';
import { COMMUNITY_MESSAGES } from './communities.ts';
import { cursorTime, lastEventId } from './input.ts';

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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
