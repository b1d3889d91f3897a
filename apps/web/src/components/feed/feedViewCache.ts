import type { FeedData, FeedItem } from '../../lib/paged.ts';
import { hasPost, removePost, updatePost } from './feedCache.ts';
import { pinsLead, type FeedView } from './feedView.tsx';

/*
 * Pure updates of a feed view's cached pages (issue 24), each safe to apply twice. A post lands where
 * the view's order puts it when that is known here; otherwise the caller refetches the view.
 */

/** A post just made: its place in the view ('skip': it is not in it; 'refetch': only the server knows where). */
export function placeOfNewPost(view: FeedView, post: Pick<FeedItem, 'categoryId'>): 'top' | 'skip' | 'refetch' {
  if (view.categoryId && post.categoryId !== view.categoryId) return 'skip';
  // 'top' puts a post with no likes this week after every liked one.
  return view.sort === 'top' ? 'refetch' : 'top';
}

/** A new post goes first in its view, after the pinned posts leading 'All' sorted by 'new'; once. */
export function insertNewPost(data: FeedData | undefined, post: FeedItem, view: FeedView): FeedData | undefined {
  if (!data) return data;
  if (hasPost(data, post.id)) return updatePost(data, post.id, () => post);
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const pinned = pinsLead(view) ? first.items.findIndex((item) => !item.pinnedAt) : 0;
  const at = pinned === -1 ? first.items.length : pinned;
  return { ...data, pages: [{ ...first, items: [...first.items.slice(0, at), post, ...first.items.slice(at)] }, ...rest] };
}

/** 'active': a post just commented on goes first; null when it is not loaded (then only the server knows). */
export function moveToTop(data: FeedData | undefined, postId: string): FeedData | undefined | null {
  const post = data?.pages.flatMap((page) => page.items).find((item) => item.id === postId);
  if (!data || !post) return null;
  const [first, ...rest] = removePost(data, postId)!.pages;
  return { ...data, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
}
