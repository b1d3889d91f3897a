import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEncoder, liveTransformer, markShared } from './encoding.ts';

/**
 * What tRPC's WebSocket adapter sends for a tracked subscription value (ws.ts: respond +
 * transformTRPCResponse, and the patched loop for a subscription that sends its values itself: the
 * result's keys in this order).
 */
function message(subscriptionId: number, trackedId: string, data: unknown) {
  return {
    id: subscriptionId,
    jsonrpc: '2.0' as const,
    result: { type: 'data' as const, data: liveTransformer.output.serialize({ id: trackedId, data }), id: trackedId },
  };
}

/** The same message as plain superjson and JSON.stringify write it. */
function plainText(subscriptionId: number, trackedId: string, data: unknown) {
  return JSON.stringify({ id: subscriptionId, jsonrpc: '2.0', result: { type: 'data', data: superjson.serialize({ id: trackedId, data }), id: trackedId } });
}

const when = new Date('2026-11-28T07:00:00.000Z');
const values: Record<string, () => unknown> = {
  'a post with dates, a map, a set and an undefined field': () => ({
    type: 'post.created',
    post: { id: 'p1', content: 'Picnic "on" Sunday \u2028 \\o/', createdAt: when, tags: new Set(['a']), seen: new Map([['k', when]]), edited: undefined, list: [when, 1] },
  }),
  'an object referenced twice': () => {
    const author = { id: 'u1', name: 'Ana' };
    return { type: 'comment.created', comment: { author, repliedTo: author } };
  },
  'plain JSON only': () => ({ type: 'post.liked', postId: 'p1', likes: 3 }),
  'a date alone': () => new Date(when),
  'a key with a dot': () => ({ 'a.b': when }),
};

afterEach(() => vi.restoreAllMocks());

describe('live encoding', () => {
  for (const [name, make] of Object.entries(values)) {
    it(`writes a shared value exactly as superjson and JSON.stringify would: ${name}`, () => {
      const value = markShared(make());
      for (const [sub, tracked] of [
        [1, '10'],
        [2, '11'],
      ] as const) {
        const text = liveEncoder.encode(message(sub, tracked, value));
        expect(text).toBe(plainText(sub, tracked, value));
        // And the client reads back the value it was sent.
        const read = JSON.parse(text) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
        expect(superjson.deserialize(read.result.data)).toEqual({ id: tracked, data: make() });
      }
    });
  }

  it('serializes and writes a shared value once for any number of subscribers', () => {
    const serialize = vi.spyOn(superjson, 'serialize');
    const stringify = vi.spyOn(JSON, 'stringify');
    const value = markShared(values['a post with dates, a map, a set and an undefined field']!());
    const texts = new Set<string>();
    for (let sub = 0; sub < 1_000; sub += 1) texts.add(liveEncoder.encode(message(sub, '42', value)));
    expect(texts.size).toBe(1_000);
    expect(serialize).toHaveBeenCalledTimes(1);
    // The value's text once, and each subscriber's small envelope.
    const valueWrites = stringify.mock.calls.filter(([arg]) => arg !== null && typeof arg === 'object' && 'post' in arg);
    expect(valueWrites).toHaveLength(1);
    // The tracked message's serialization around it (the same id for every subscriber) once too.
    const formWrites = stringify.mock.calls.filter(([arg]) => arg !== null && typeof arg === 'object' && 'json' in arg);
    expect(formWrites).toHaveLength(1);
  });

  it('writes what is not shared each time, as superjson does', () => {
    const serialize = vi.spyOn(superjson, 'serialize');
    const value = { type: 'post.liked', postId: 'p1', at: when };
    expect(liveEncoder.encode(message(1, '5', value))).toBe(plainText(1, '5', value));
    expect(liveEncoder.encode(message(1, '6', value))).toBe(plainText(1, '6', value));
    expect(serialize).toHaveBeenCalledTimes(4);
  });

  it('writes a shared value that contains itself in full, as superjson does', () => {
    const value = markShared({ type: 'loop' } as { type: string; self?: unknown });
    value.self = value;
    expect(liveEncoder.encode(message(1, '7', value))).toBe(plainText(1, '7', value));
  });

  it('leaves other messages (errors, HTTP answers, started) to JSON.stringify', () => {
    const started = { id: 3, jsonrpc: '2.0', result: { type: 'started' } };
    expect(liveEncoder.encode(started)).toBe(JSON.stringify(started));
    const answer = liveTransformer.output.serialize(markShared({ at: when }));
    expect(answer).toEqual(superjson.serialize({ at: when }));
    expect(liveEncoder.decode('{"id":1}')).toEqual({ id: 1 });
    expect(() => liveEncoder.decode(new Uint8Array([1]))).toThrow('JSON text frames');
  });
});
