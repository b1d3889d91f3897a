/**
 * Reports and the moderation queue, and the moderation log, without zod: the messages, limits and
 * helpers that moderation.ts re-exports beside its schemas, for the web app to import without
 * building them (packages/shared/README.md).
 */

export const REPORT_REASONS = ['spam', 'harassment', 'off-topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a report is about. */
export const REPORT_KINDS = ['post', 'comment', 'member'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What a moderator does with a group of reports about one item. */
export const REPORT_ACTIONS = ['dismiss', 'remove', 'removeMember', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Every kind of line the moderation log holds. */
export const MODERATION_ACTIONS = [
  'report.dismissed',
  'post.removed',
  'comment.removed',
  'member.removed',
  'member.banned',
  'member.unbanned',
  'request.approved',
  'request.declined',
  'role.changed',
  'post.pinned',
  'post.unpinned',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_DETAILS_MAX = 500;
export const MODERATION_NOTE_MAX = 500;
export const REPORT_QUEUE_PAGE_SIZE = 20;
export const MODERATION_LOG_PAGE_SIZE = 30;

export const MODERATION_MESSAGES = {
  reason: 'Choose why you are reporting this.',
  detailsRequired: 'Tell the moderators what is wrong.',
  detailsTooLong: `Keep it under ${REPORT_DETAILS_MAX} characters.`,
  noteTooLong: `Keep the note under ${MODERATION_NOTE_MAX} characters.`,
  target: 'Choose a post, a comment or a member to report.',
  self: 'You cannot report yourself or what you wrote.',
  memberNotFound: 'This person is not a member of the community.',
  alreadyReported: 'You have already reported this. The moderators will look at it.',
  handled: 'These reports were already handled.',
  action: 'Choose dismiss, remove, remove the member or ban.',
  notRemovable: 'A member is not removed as an item: remove or ban them.',
  ownerAlone: 'The owner of the community cannot be removed or banned.',
  cursor: 'The page cursor is not valid.',
  reported: 'Thank you. The moderators will look at your report.',
} as const;
