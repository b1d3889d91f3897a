import { describe, expect, it } from 'vitest';
import { isPushSubscription, PUSH, pushSubscription, type Send } from './push.ts';

/** A producer driven by hand: `send` what the test says, end when it says. */
function manual<T>() {
  let send!: Send<T>;
  let signal!: AbortSignal;
  let finish!: (error?: unknown) => void;
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const subscription = pushSubscription<T>((s, sig) => {
    send = s;
    signal = sig;
    start();
    return new Promise<void>((done, fail) => (finish = (error) => (error === undefined ? done() : fail(error))));
  });
  return { subscription, started, send: (value: T) => send(value), signal: () => signal, finish: (error?: unknown) => finish(error) };
}

describe('push subscriptions', () => {
  it('pushes each value to the given send, in order, with the given signal', async () => {
    const stop = new AbortController();
    const got: number[] = [];
    const subscription = pushSubscription<number>(async (send, signal) => {
      expect(signal).toBe(stop.signal);
      for (const n of [1, 2, 3]) await send(n);
    });
    expect(isPushSubscription(subscription)).toBe(true);
    await subscription[PUSH]((n) => void got.push(n), stop.signal);
    expect(got).toEqual([1, 2, 3]);
  });

  it('read as an iterable: each value waits until the reader asks for the next', async () => {
    const producer = manual<string>();
    const iterator = producer.subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    await producer.started;
    let firstTaken = false;
    const sending = Promise.resolve(producer.send('a')).then(() => (firstTaken = true));
    expect(await first).toEqual({ done: false, value: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Read, but the reader has not asked for the next: the producer still waits.
    expect(firstTaken).toBe(false);
    const second = iterator.next();
    await sending;
    expect(firstTaken).toBe(true);
    void producer.send('b');
    expect(await second).toEqual({ done: false, value: 'b' });
    const end = iterator.next();
    producer.finish();
    expect(await end).toEqual({ done: true, value: undefined });
  });

  it('read as an iterable: the error that ends the producer is thrown to the reader, after what it sent', async () => {
    const producer = manual<string>();
    const iterator = producer.subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    await producer.started;
    void producer.send('a');
    producer.finish(new Error('ended'));
    expect(await first).toEqual({ done: false, value: 'a' });
    await expect(iterator.next()).rejects.toThrow('ended');
  });

  it('a reader that stops aborts the producer, and frees a send that waited', async () => {
    const producer = manual<string>();
    const iterator = producer.subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    await producer.started;
    const sent = producer.send('a');
    await first;
    expect(producer.signal().aborted).toBe(false);
    await iterator.return!(undefined);
    expect(producer.signal().aborted).toBe(true);
    await expect(sent).resolves.toBeUndefined();
  });
});
