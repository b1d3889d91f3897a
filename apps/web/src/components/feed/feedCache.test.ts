import { describe, expect, it } from 'vitest';
import { addComment, addPost, hasPost, removeComment, removePost, shiftAuthorPoints, shiftCommentAuthorPoints, updateComment, updatePost } from './feedCache.ts';
import type { FeedComment, FeedData } from '../../lib/paged.ts';
import { testPost } from './testPost.ts';

const author = { id: 'u1', username: 'ana', fullName: 'Ana', avatarUrl: null, points: 0 };

const post = testPost;

function feed(...pages: string[][]): FeedData {
  return {
    pages: pages.map((ids, i) => ({ items: ids.map((id) => post(id)), nextCursor: i < pages.length - 1 ? { createdAt: '2026-11-23T09:00:00.000000Z', id: ids.at(-1)! } : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : { createdAt: '2026-11-23T09:00:00.000000Z', id: pages[i - 1]!.at(-1)! })),
  };
}

const ids = (data: FeedData | undefined) => data?.pages.map((page) => page.items.map((p) => p.id));

describe('the cached feed', () => {
  it('puts a new post on top of the first page', () => {
    expect(ids(addPost(feed(['b', 'a'], ['z']), post('c')))).toEqual([['c', 'b', 'a'], ['z']]);
  });

  it('adds a post once, however often it arrives (the answer and the live event), refreshing it in place', () => {
    const once = addPost(feed(['b'], ['a']), post('c'));
    const twice = addPost(once, post('c', { content: 'again' }));
    expect(ids(twice)).toEqual([['c', 'b'], ['a']]);
    expect(twice?.pages[0]?.items[0]?.content).toBe('again');
    // Already on a later page: it stays there.
    expect(ids(addPost(feed(['b'], ['a']), post('a')))).toEqual([['b'], ['a']]);
  });

  it('adds to an empty feed and leaves a feed not loaded yet alone', () => {
    expect(ids(addPost(feed([]), post('a')))).toEqual([['a']]);
    expect(addPost(undefined, post('a'))).toBeUndefined();
  });

  it('changes one post, wherever it is, and leaves the rest (and their pages) as they were', () => {
    const before = feed(['c', 'b'], ['a']);
    const after = updatePost(before, 'a', (p) => ({ likeCount: p.likeCount + 2, likedByMe: true }));
    expect(after?.pages[1]?.items[0]).toMatchObject({ id: 'a', likeCount: 2, likedByMe: true });
    expect(after?.pages[0]).toBe(before.pages[0]);
    expect(after?.pageParams).toBe(before.pageParams);
    expect(updatePost(before, 'missing', () => ({ likeCount: 9 }))).toBe(before);
  });

  it('removes a deleted post, and a second removal changes nothing', () => {
    const once = removePost(feed(['c', 'b'], ['a']), 'b');
    expect(ids(once)).toEqual([['c'], ['a']]);
    expect(removePost(once, 'b')).toBe(once);
    expect(hasPost(once, 'b')).toBe(false);
    expect(hasPost(once, 'a')).toBe(true);
  });
});

describe('a cached comment list', () => {
  const comment = (id: string): FeedComment => ({ id, postId: 'p', content: id, mentions: [], replyTo: null, createdAt: new Date(), editedAt: null, deleted: false, author, likeCount: 0, likedByMe: false });

  it('appends new comments (oldest first) once each', () => {
    const list = addComment([comment('1')], comment('2'));
    expect(list?.map((c) => c.id)).toEqual(['1', '2']);
    expect(addComment(list, comment('2'))).toBe(list);
  });

  it('leaves a list nobody opened unfetched', () => {
    expect(addComment(undefined, comment('1'))).toBeUndefined();
    expect(removeComment(undefined, '1')).toBeUndefined();
  });

  it('removes a deleted comment once', () => {
    const list = removeComment([comment('1'), comment('2')], '1');
    expect(list?.map((c) => c.id)).toEqual(['2']);
    expect(removeComment(list, '1')).toBe(list);
  });

  it("updates one comment's likes, and moves an author's points on every comment of theirs", () => {
    const other = { ...author, id: 'u2', points: 4 };
    const list = [comment('1'), { ...comment('2'), author: other }, { ...comment('3'), author: other }];
    expect(updateComment(list, '2', () => ({ likeCount: 3, likedByMe: true }))?.map((c) => [c.likeCount, c.likedByMe])).toEqual([
      [0, false],
      [3, true],
      [0, false],
    ]);
    expect(shiftCommentAuthorPoints(list, 'u2', 1)?.map((c) => c.author.points)).toEqual([0, 5, 5]);
    // Never below zero, whatever order events arrive in.
    expect(shiftCommentAuthorPoints(list, 'u1', -1)?.map((c) => c.author.points)).toEqual([0, 4, 4]);
  });
});

describe("an author's points in the feed", () => {
  it('move on each of their posts, on every page', () => {
    const data = feed(['c', 'b'], ['a']);
    const shifted = shiftAuthorPoints(data, 'u1', 1);
    expect(shifted?.pages.flatMap((p) => p.items.map((i) => i.author.points))).toEqual([1, 1, 1]);
    expect(shiftAuthorPoints(undefined, 'u1', 1)).toBeUndefined();
    expect(shiftAuthorPoints(data, 'u9', 1)?.pages.flatMap((p) => p.items.map((i) => i.author.points))).toEqual([0, 0, 0]);
  });
});
