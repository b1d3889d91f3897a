import { z } from 'zod';
import { FEEDBACK_LIMITS } from './constants.ts';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { FEEDBACK_MESSAGES } from './plain/feedback.ts';

/** The feedback wall: feedback on the product with a rating, and comments on it (spec sections 2, 3, 4, 5 and 8). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/feedback.ts';

const feedbackId = z.uuid({ error: FEEDBACK_MESSAGES.notFound });

const content = boundedText(FEEDBACK_LIMITS.contentMax, FEEDBACK_MESSAGES.contentTooLong(FEEDBACK_LIMITS.contentMax), { invalid: FEEDBACK_MESSAGES.required }).min(
  1,
  FEEDBACK_MESSAGES.required,
);
const rating = z.int({ error: FEEDBACK_MESSAGES.required }).min(1, FEEDBACK_MESSAGES.required).max(5, FEEDBACK_MESSAGES.required);

/** An optional external video link: empty means none; anything else must be an http(s) URL. */
const videoUrl = boundedText(FEEDBACK_LIMITS.urlMax, FEEDBACK_MESSAGES.videoUrl, { invalid: FEEDBACK_MESSAGES.videoUrl })
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.url({ protocol: /^https?$/, error: FEEDBACK_MESSAGES.videoUrl }).nullable());

export const listFeedbackInput = z.object({
  cursor: z.object({ createdAt: cursorTime(FEEDBACK_MESSAGES.cursor), id: z.uuid({ error: FEEDBACK_MESSAGES.cursor }) }).nullish(),
  limit: z.int().min(1).max(50).default(FEEDBACK_LIMITS.pageSize),
});

export const createFeedbackInput = z.object({
  content,
  rating,
  /** The key POST /api/uploads/feedback-media answered: the caller's own upload, checked on the server. */
  mediaKey: boundedText(512, FEEDBACK_MESSAGES.media, { trim: false, invalid: FEEDBACK_MESSAGES.media })
    .nullish()
    .transform((v) => (v ? v : null)),
  videoUrl,
});
export type CreateFeedbackInput = z.input<typeof createFeedbackInput>;

/** The author edits the text, the rating and the video link (the attachment stays as it is). */
export const updateFeedbackInput = z.object({ feedbackId, content, rating, videoUrl });
export type UpdateFeedbackInput = z.input<typeof updateFeedbackInput>;

export const feedbackIdInput = z.object({ feedbackId });

export const addFeedbackCommentInput = z.object({
  feedbackId,
  text: boundedText(FEEDBACK_LIMITS.commentMax, FEEDBACK_MESSAGES.commentLength(FEEDBACK_LIMITS.commentMax)).min(1, FEEDBACK_MESSAGES.commentLength(FEEDBACK_LIMITS.commentMax)),
});

export const feedbackCommentIdInput = z.object({ feedbackCommentId: z.uuid({ error: FEEDBACK_MESSAGES.commentNotFound }) });

export const feedbackWallSubscriptionInput = z.object({
  /** Sent back by the client on reconnect: the id of the last event it received. */
  lastEventId,
});
