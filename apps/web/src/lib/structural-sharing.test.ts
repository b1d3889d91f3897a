import { describe, expect, it } from 'vitest';
import { shareEqual } from './structural-sharing.ts';

describe('shareEqual', () => {
  const post = (id: string, at: number, likes = 0) => ({ id, createdAt: new Date(at), likes, tags: ['a'] });

  it('keeps the previous objects when a refetch brings the same data with new Date objects', () => {
    const before = { pages: [{ items: [post('1', 1000), post('2', 2000)], next: null }], pageParams: [null] };
    const after = { pages: [{ items: [post('1', 1000), post('2', 2000)], next: null }], pageParams: [null] };
    expect(shareEqual(before, after)).toBe(before);
  });

  it('shares what did not change and replaces what did, up to the root', () => {
    const before = { items: [post('1', 1000), post('2', 2000)] };
    const after = { items: [post('1', 1000), post('2', 2000, 5)] };
    const shared = shareEqual(before, after) as typeof before;
    expect(shared).not.toBe(before);
    expect(shared.items[0]).toBe(before.items[0]);
    expect(shared.items[1]).not.toBe(before.items[1]);
    expect(shared.items[1]!.likes).toBe(5);
    expect(shared.items[1]!.createdAt).toBe(before.items[1]!.createdAt);
  });

  it('takes a moved date, an added or removed item or key, and values of other kinds as new', () => {
    const moved = shareEqual(post('1', 1000), post('1', 1001)) as ReturnType<typeof post>;
    expect(moved.createdAt.getTime()).toBe(1001);
    const before = [post('1', 1000)];
    expect(shareEqual(before, [...before, post('2', 2000)])).not.toBe(before);
    expect(shareEqual([...before, post('2', 2000)], before)).not.toBe(before);
    expect(shareEqual({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
    expect(shareEqual({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    const map = new Map([[1, 2]]);
    expect(shareEqual(new Map([[1, 2]]), map)).toBe(map);
    expect(shareEqual(null, { a: 1 })).toEqual({ a: 1 });
  });
});
