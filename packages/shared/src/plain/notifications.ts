/**
 * The bell: what notifies whom (issue 22), in one list, without zod: the messages, limits and
 * helpers that notifications.ts re-exports beside its schemas, for the web app to import without
 * building them (packages/shared/README.md).
 */

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

// --- Web push (the devices a member turned pushes on in) ----------------------------------------

export const PUSH_MESSAGES = {
  endpoint: 'This push subscription is not valid.',
  off: 'Push notifications are not available on this server.',
} as const;
