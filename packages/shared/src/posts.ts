import { z } from 'zod';
import { postCategoryField } from './categories.ts';
import { FEELINGS, LIMITS } from './constants.ts';
import { boundedText, cursorTime, lastEventId } from './input.ts';
import { mentionText } from './mentions.ts';
import { FEED_SORTS } from './plain/categories.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { POST_MAX, POST_MESSAGES, POST_PAGE_SIZE, type Feeling } from './plain/posts.ts';
import { pollInput } from './polls.ts';

/** The community feed: posts, likes and comments (spec sections 4, 5, 6 and 8). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/posts.ts';

const FEELING_VALUES = FEELINGS.map((f) => f.value) as [Feeling, ...Feeling[]];

/** A post or comment may @mention members; a mention counts as one character (see plain/mentions.ts). */
const content = mentionText(POST_MAX, POST_MESSAGES.contentTooLong(POST_MAX)).min(1, POST_MESSAGES.contentRequired);
const id = (message: string) => z.uuid({ error: message });

/** Where the next page starts: the last post's time and id, and for the 'top' and 'active' sorts its likes in the week or its latest activity. */
export const feedCursor = z.object({
  createdAt: cursorTime(POST_MESSAGES.cursor),
  id: z.uuid({ error: POST_MESSAGES.cursor }),
  likes: z.int({ error: POST_MESSAGES.cursor }).min(0, POST_MESSAGES.cursor).max(2_000_000_000, POST_MESSAGES.cursor).optional(),
  activeAt: cursorTime(POST_MESSAGES.cursor).optional(),
});

export const listPostsInput = z
  .object({
    communityId: id(COMMUNITY_MESSAGES.notFound),
    /** Only posts of this category; none: every post ('All'). */
    categoryId: postCategoryField,
    sort: z.enum(FEED_SORTS, { error: POST_MESSAGES.sort }).default('new'),
    cursor: feedCursor.nullish(),
    limit: z.int().min(1).max(50).default(POST_PAGE_SIZE),
  })
  .refine((input) => !input.cursor || (input.sort !== 'top' || input.cursor.likes !== undefined) && (input.sort !== 'active' || input.cursor.activeAt !== undefined), {
    error: POST_MESSAGES.cursor,
  });

const feeling = z.enum(FEELING_VALUES, { error: POST_MESSAGES.feeling }).nullish();

export const createPostInput = z.object({
  communityId: id(COMMUNITY_MESSAGES.notFound),
  content,
  feeling,
  categoryId: postCategoryField,
  /** The key POST /api/uploads/post-attachment answered, for a file attached to the post. */
  attachmentKey: boundedText(512, POST_MESSAGES.attachment, { trim: false }).nullish(),
  /** A poll carried by the post (polls.ts). */
  poll: pollInput.nullish(),
});
export type CreatePostInput = z.input<typeof createPostInput>;

/** `poll` left out keeps the post's poll as it is; given, it sets the poll (its options only until the first vote). */
export const updatePostInput = z.object({ postId: id(POST_MESSAGES.notFound), content, feeling, categoryId: postCategoryField, poll: pollInput.optional() });

export const postIdInput = z.object({ postId: id(POST_MESSAGES.notFound) });

export const likePostInput = postIdInput.extend({ liked: z.boolean() });

const commentContent = mentionText(LIMITS.commentMax, POST_MESSAGES.commentLength).min(1, POST_MESSAGES.commentLength);

export const createCommentInput = z.object({
  postId: id(POST_MESSAGES.notFound),
  content: commentContent,
  /** The comment this one answers (of the same post): a reply joins that comment's thread (its top comment's). */
  replyToId: id(POST_MESSAGES.replyNotFound).nullish(),
});

export const commentIdInput = z.object({ commentId: id(POST_MESSAGES.commentNotFound) });
/** Its author changes a comment's text, under the same rules as a new one. */
export const updateCommentInput = commentIdInput.extend({ content: commentContent });

export const likeCommentInput = commentIdInput.extend({ liked: z.boolean() });

export const feedSubscriptionInput = z.object({
  communityId: id(COMMUNITY_MESSAGES.notFound),
  /** Sent back by the client on reconnect: the id of the last event it received. */
  lastEventId,
});
