import { z } from 'zod';
import { COMMUNITY_MESSAGES } from './communities.ts';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { POST_MESSAGES } from './posts.ts';

/** Reports and the moderation queue, and the moderation log (issue 25). */

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

const uuid = (message: string) => z.uuid({ error: message });

/**
 * A report: the post (`postId`), the comment (`commentId`) or the member (`communityId` and
 * `userId`) it is about, one of them; why, and for 'other' in the reporter's words.
 */
export const reportInput = z
  .object({
    postId: uuid(POST_MESSAGES.notFound).optional(),
    commentId: uuid(POST_MESSAGES.commentNotFound).optional(),
    communityId: uuid(COMMUNITY_MESSAGES.notFound).optional(),
    userId: uuid(MODERATION_MESSAGES.memberNotFound).optional(),
    reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reason }),
    details: boundedText(REPORT_DETAILS_MAX, MODERATION_MESSAGES.detailsTooLong).optional(),
  })
  .refine((input) => [input.postId, input.commentId, input.communityId && input.userId].filter(Boolean).length === 1 && (!input.userId || !!input.communityId), {
    error: MODERATION_MESSAGES.target,
    abort: true,
  })
  .refine((input) => input.reason !== 'other' || !!input.details, { error: MODERATION_MESSAGES.detailsRequired, path: ['details'] });
export type ReportInput = z.input<typeof reportInput>;

/** The form's own shape (the web's modal): a reason and, for 'other', the words. */
export const reportFormInput = z
  .object({ reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reason }), details: boundedText(REPORT_DETAILS_MAX, MODERATION_MESSAGES.detailsTooLong) })
  .refine((input) => input.reason !== 'other' || input.details.length > 0, { error: MODERATION_MESSAGES.detailsRequired, path: ['details'] });

export const reportQueueInput = z.object({
  communityId: uuid(COMMUNITY_MESSAGES.notFound),
  /** The last group of the page before: when it was last reported, and its item. */
  cursor: z.object({ at: cursorTime(MODERATION_MESSAGES.cursor), item: uuid(MODERATION_MESSAGES.cursor) }).nullish(),
});

/** A group of open reports: the item (kind and id) they are about. */
export const reportActInput = z.object({
  communityId: uuid(COMMUNITY_MESSAGES.notFound),
  kind: z.enum(REPORT_KINDS, { error: MODERATION_MESSAGES.target }),
  itemId: uuid(MODERATION_MESSAGES.handled),
  action: z.enum(REPORT_ACTIONS, { error: MODERATION_MESSAGES.action }),
  /** Why, in the moderator's words (the log keeps it). */
  note: boundedText(MODERATION_NOTE_MAX, MODERATION_MESSAGES.noteTooLong).optional(),
});
export type ReportActInput = z.input<typeof reportActInput>;

export const moderationLogInput = z.object({
  communityId: uuid(COMMUNITY_MESSAGES.notFound),
  cursor: z.object({ createdAt: cursorTime(MODERATION_MESSAGES.cursor), id: uuid(MODERATION_MESSAGES.cursor) }).nullish(),
});

export const moderationSubscriptionInput = z.object({ communityId: uuid(COMMUNITY_MESSAGES.notFound), lastEventId });
