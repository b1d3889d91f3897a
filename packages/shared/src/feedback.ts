import { z } from 'zod';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { FEEDBACK_LIMITS } from './constants.ts';

/** The feedback wall: feedback on the product with a rating, and comments on it (spec sections 2, 3, 4, 5 and 8). */

export const FEEDBACK_MESSAGES = {
  required: 'Please write feedback and select a rating.',
  userInfo: 'Could not get user information. Please log in again.',
  uploadFailed: 'Failed to upload file.',
  saveFailed: 'Failed to save feedback.',
  submitted: 'Feedback submitted successfully!',
  commentFailed: 'Failed to submit comment.',
  loginToComment: 'You must be logged in to comment.',
  empty: 'No feedbacks yet.',
  contentTooLong: (max: number) => `Feedback can be at most ${max} characters.`,
  commentLength: (max: number) => `A comment must be between 1 and ${max} characters.`,
  videoUrl: 'The video URL must be a web address (http or https).',
  media: 'The attachment must be a file you uploaded to the feedback wall.',
  notFound: 'This feedback no longer exists.',
  commentNotFound: 'This comment no longer exists.',
  notAuthor: 'Only its author can change this feedback.',
  notAuthorOrAdmin: 'Only its author or a platform admin can delete this feedback.',
  notCommentAuthorOrAdmin: 'Only its author or a platform admin can delete this comment.',
  cursor: 'The page cursor is not valid.',
} as const;

export { FEEDBACK_LIMITS };

/** What a feedback's attachment is shown as (the `media_type` column). */
export const FEEDBACK_MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type FeedbackMediaType = (typeof FEEDBACK_MEDIA_TYPES)[number];

/** How an attachment of this content type is shown: images and the two video types in the card, the rest as a document link. */
export function feedbackMediaType(contentType: string): FeedbackMediaType {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'video/mp4' || contentType === 'video/webm') return 'video';
  return 'document';
}

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
