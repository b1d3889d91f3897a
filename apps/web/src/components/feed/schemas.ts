/**
 * The shared schemas the feed's forms check what is typed with (a comment's text, a poll), loaded
 * on demand (feedSchemas.ts): zod and these schemas are not part of the posts tab's first load.
 */
export { createCommentInput, updateCommentInput } from '@app/shared/posts';
export { pollInput } from '@app/shared/polls';
