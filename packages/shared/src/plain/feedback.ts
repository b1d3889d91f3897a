import { FEEDBACK_LIMITS } from '../constants.ts';

/**
 * The feedback wall: feedback on the product with a rating, and comments on it, without zod: the
 * messages, limits and helpers that feedback.ts re-exports beside its schemas, for the web app to
 * import without building them (packages/shared/README.md).
 */

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
