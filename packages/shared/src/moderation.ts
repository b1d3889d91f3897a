import { z } from 'zod';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { MODERATION_MESSAGES, MODERATION_NOTE_MAX, REPORT_ACTIONS, REPORT_DETAILS_MAX, REPORT_KINDS, REPORT_REASONS } from './plain/moderation.ts';
import { POST_MESSAGES } from './plain/posts.ts';

/** Reports and the moderation queue, and the moderation log (issue 25). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/moderation.ts';

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
