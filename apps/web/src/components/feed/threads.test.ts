import { describe, expect, it } from 'vitest';
import { threadsOf } from './threads.ts';

const c = (id: string, replyTo: string | null = null, deleted = false) => ({ id, replyTo: replyTo ? { id: replyTo } : null, deleted });

describe('threadsOf', () => {
  it('puts each reply under its top comment, oldest first, top comments in order', () => {
    const threads = threadsOf([c('a'), c('b'), c('a1', 'a'), c('b1', 'b'), c('a2', 'a')]);
    expect(threads.map((t) => [t.id, t.replies.map((r) => r.id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
  });

  it('follows a reply to a reply (stored before threads) up to the top comment, and survives a loop', () => {
    expect(threadsOf([c('a'), c('a1', 'a'), c('a1x', 'a1')]).map((t) => [t.id, t.replies.map((r) => r.id)])).toEqual([['a', ['a1', 'a1x']]]);
    expect(threadsOf([c('x', 'y'), c('y', 'x')]).length).toBeLessThanOrEqual(2);
  });

  it('shows a reply whose top comment is missing as a top comment, and hides a deleted top comment without replies', () => {
    expect(threadsOf([c('r', 'gone'), c('d', null, true), c('k', null, true), c('k1', 'k')]).map((t) => t.id)).toEqual(['r', 'k']);
  });
});
