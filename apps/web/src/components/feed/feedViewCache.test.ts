import { describe, expect, it } from 'vitest';
import type { FeedData, FeedItem } from '../../lib/paged.ts';
import { testPost } from './testPost.ts';
import { DEFAULT_VIEW, inView, pinsLead } from './feedView.tsx';
import { insertNewPost, moveToTop, placeOfNewPost } from './feedViewCache.ts';

const at = new Date('2026-11-23T10:00:00Z');

const post = testPost;

function feed(...pages: FeedItem[][]): FeedData {
  return { pages: pages.map((items) => ({ items, nextCursor: null })), pageParams: pages.map(() => null) };
}

const ids = (data: FeedData | undefined | null) => data?.pages.map((page) => page.items.map((p) => p.id));
const wins = { categoryId: 'wins', sort: 'new' as const };

describe('a feed view in the cache', () => {
  it("keeps a new post out of a chip that excludes it, and asks the server where it goes under 'top'", () => {
    expect(placeOfNewPost(wins, { categoryId: 'help' })).toBe('skip');
    expect(placeOfNewPost(wins, { categoryId: null })).toBe('skip');
    expect(placeOfNewPost(wins, { categoryId: 'wins' })).toBe('top');
    expect(placeOfNewPost(DEFAULT_VIEW, { categoryId: 'help' })).toBe('top');
    expect(placeOfNewPost({ categoryId: null, sort: 'active' }, { categoryId: null })).toBe('top');
    expect(placeOfNewPost({ categoryId: null, sort: 'top' }, { categoryId: null })).toBe('refetch');
    expect(inView(wins, { categoryId: 'wins' })).toBe(true);
    expect(inView(wins, { categoryId: null })).toBe(false);
    expect(pinsLead(DEFAULT_VIEW)).toBe(true);
    expect(pinsLead(wins)).toBe(false);
  });

  it("puts a new post after the pinned posts leading 'All' sorted by 'new', once", () => {
    const pinned = feed([post('p1', { pinnedAt: at }), post('p2', { pinnedAt: at }), post('b')], [post('a')]);
    const once = insertNewPost(pinned, post('c'), DEFAULT_VIEW);
    expect(ids(once)).toEqual([['p1', 'p2', 'c', 'b'], ['a']]);
    expect(ids(insertNewPost(once, post('c'), DEFAULT_VIEW))).toEqual([['p1', 'p2', 'c', 'b'], ['a']]);
    // Only pinned posts loaded: after them.
    expect(ids(insertNewPost(feed([post('p1', { pinnedAt: at })]), post('c'), DEFAULT_VIEW))).toEqual([['p1', 'c']]);
    // Elsewhere a pinned post is not ahead by being pinned: the new one goes first.
    expect(ids(insertNewPost(feed([post('p1', { pinnedAt: at, categoryId: 'wins' })]), post('c', { categoryId: 'wins' }), wins))).toEqual([['c', 'p1']]);
  });

  it("'active': a post just commented on moves first; one not loaded is left to the server", () => {
    const data = feed([post('c'), post('b')], [post('a')]);
    expect(ids(moveToTop(data, 'a'))).toEqual([['a', 'c', 'b'], []]);
    expect(ids(moveToTop(data, 'c'))).toEqual([['c', 'b'], ['a']]);
    expect(moveToTop(data, 'gone')).toBeNull();
  });
});
