import type { FeedComment, FeedData, FeedItem } from './types.ts';

/*
 * Pure updates of the feed's cached pages and of a post's comment list. Each one is safe to apply
 * twice (a post or comment is found by id), because the author's own action arrives both as the
 * mutation's answer and as a live event.
 */

export function hasPost(data: FeedData | undefined, postId: string) {
  return Boolean(data?.pages.some((page) => page.items.some((post) => post.id === postId)));
}

/** A new post goes on top of the first page, unless it is there already (then it is refreshed in place). */
export function addPost(data: FeedData | undefined, post: FeedItem): FeedData | undefined {
  if (!data) return data;
  if (hasPost(data, post.id)) return updatePost(data, post.id, () => post);
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [post, ...first.items] }, ...rest] };
}

export function updatePost(data: FeedData | undefined, postId: string, change: (post: FeedItem) => Partial<FeedItem>): FeedData | undefined {
  if (!data || !hasPost(data, postId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((post) => post.id === postId) ? { ...page, items: page.items.map((post) => (post.id === postId ? { ...post, ...change(post) } : post)) } : page,
    ),
  };
}

export function removePost(data: FeedData | undefined, postId: string): FeedData | undefined {
  if (!data || !hasPost(data, postId)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== postId) })) };
}

/** Comments are listed oldest first: a new one goes last. */
export function addComment(list: FeedComment[] | undefined, comment: FeedComment): FeedComment[] | undefined {
  if (!list || list.some((c) => c.id === comment.id)) return list;
  return [...list, comment];
}

export function removeComment(list: FeedComment[] | undefined, commentId: string): FeedComment[] | undefined {
  return list?.some((c) => c.id === commentId) ? list.filter((c) => c.id !== commentId) : list;
}

export function updateComment(list: FeedComment[] | undefined, commentId: string, change: (comment: FeedComment) => Partial<FeedComment>): FeedComment[] | undefined {
  return list?.map((comment) => (comment.id === commentId ? { ...comment, ...change(comment) } : comment));
}

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
