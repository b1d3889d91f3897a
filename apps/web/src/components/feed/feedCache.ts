import { appendToList, hasItem, prependItem, removeFromList, removeItem, updateInList, updateItem } from '../../lib/paged-cache.ts';
import type { FeedComment, FeedCursor, FeedData, FeedItem, FeedPage } from '../../lib/paged.ts';

/*
 * Pure updates of the feed's cached pages and of a post's comment list (lib/paged-cache.ts does the
 * work), each safe to apply twice.
 */

export const hasPost = (data: FeedData | undefined, postId: string) => hasItem<FeedItem, FeedPage, FeedCursor | null>(data, postId);

/** A new post goes on top of the first page, unless it is there already (then it is refreshed in place). */
export const addPost = (data: FeedData | undefined, post: FeedItem) => prependItem<FeedItem, FeedPage, FeedCursor | null>(data, post);

export const updatePost = (data: FeedData | undefined, postId: string, change: (post: FeedItem) => Partial<FeedItem>) =>
  updateItem<FeedItem, FeedPage, FeedCursor | null>(data, postId, change);

export const removePost = (data: FeedData | undefined, postId: string) => removeItem<FeedItem, FeedPage, FeedCursor | null>(data, postId);

/** Comments are listed oldest first: a new one goes last. */
export const addComment = (list: FeedComment[] | undefined, comment: FeedComment) => appendToList(list, comment);

export const removeComment = (list: FeedComment[] | undefined, commentId: string) => removeFromList(list, commentId);

export const updateComment = (list: FeedComment[] | undefined, commentId: string, change: (comment: FeedComment) => Partial<FeedComment>) =>
  updateInList(list, commentId, change);

/** Someone's points moved by `delta` (a like on their post or comment): their badges in the feed follow. */
export function shiftAuthorPoints(data: FeedData | undefined, authorId: string, delta: number): FeedData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((post) => (post.author.id === authorId ? { ...post, author: { ...post.author, points: Math.max(0, post.author.points + delta) } } : post)),
    })),
  };
}

export function shiftCommentAuthorPoints(list: FeedComment[] | undefined, authorId: string, delta: number): FeedComment[] | undefined {
  return list?.map((comment) =>
    comment.author.id === authorId ? { ...comment, author: { ...comment.author, points: Math.max(0, comment.author.points + delta) } } : comment,
  );
}
