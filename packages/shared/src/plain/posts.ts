import { type FEELINGS, LIMITS } from '../constants.ts';

/**
 * The community feed: posts, likes and comments, without zod: the messages, limits and helpers that
 * posts.ts re-exports beside its schemas, for the web app to import without building them
 * (packages/shared/README.md).
 */

export const POST_MESSAGES = {
  loginToPost: 'You must be logged in to post.',
  loginToComment: 'You must be logged in to comment.',
  contentRequired: 'Write something before posting.',
  contentTooLong: (max: number) => `A post can be at most ${max} characters.`,
  feeling: 'Please choose one of the listed feelings.',
  attachment: 'Failed to upload file.',
  commentLength: `A comment must be between 1 and ${LIMITS.commentMax} characters.`,
  createFailed: 'Failed to create post.',
  notFound: 'This post no longer exists.',
  commentNotFound: 'This comment no longer exists.',
  replyNotFound: 'The comment you are replying to no longer exists.',
  notAuthor: 'Only the author or a moderator of the community can change this post.',
  notCommentAuthor: 'Only the author or a moderator of the community can delete this comment.',
  notCommentEditor: 'Only its author can edit this comment.',
  deleteConfirm: 'Are you sure you want to delete this post?',
  cursor: 'The page cursor is not valid.',
  sort: 'Sort the feed by new, top or active.',
} as const;

export const POST_MAX = 5000;
export const POST_PAGE_SIZE = LIMITS.postPageSize;
export type Feeling = (typeof FEELINGS)[number]['value'];

/** A thread shows this many replies under its top comment, then 'Show N more replies'. */
export const REPLIES_SHOWN = 3;
