/**
 * A live subscription that sends its values itself.
 *
 * tRPC runs a subscription as an async iterator: for every value, on every socket, its WebSocket
 * loop races the iterator's next promise against the socket's abort (a fresh subscribable promise
 * each time), and each layer between the bus and the socket (the bus's stream, the subscription's
 * loop, the socket's count) is an async iterator of its own, with its promises. With 5,000 sockets
 * on one feed that machinery, and the garbage it leaves, was most of a delivery's CPU.
 *
 * A push subscription is still an async iterable (what tRPC, the HTTP stream and the tests' callers
 * read), and is also a function under PUSH: given a `send` and an abort signal, it sends each value as
 * it comes, in order, and settles when it ends (rejecting with the error that ended it). tRPC's
 * WebSocket loop (patches/@trpc+server+11.22.1.patch) calls that instead of iterating, so a value
 * goes from the bus to the socket in one synchronous call where nothing awaits.
 */
export const PUSH = Symbol.for('trpc.subscription.push');

/**
 * Sends one value: undefined when it is sent, or a promise that settles when the reader asks for the
 * next (the iterable's reader): the producer waits for it before sending another.
 */
export type Send<T> = (value: T) => void | Promise<void>;

/** Runs a subscription: sends its values until `signal` aborts or it ends (settling), or fails (rejecting). */
export type Producer<T> = (send: Send<T>, signal: AbortSignal) => Promise<void>;

export interface PushSubscription<T> extends AsyncIterable<T> {
  [PUSH]: Producer<T>;
}

export function isPushSubscription<T>(value: AsyncIterable<T>): value is PushSubscription<T> {
  return typeof (value as Partial<PushSubscription<T>>)[PUSH] === 'function';
}

/**
 * Values handed over one at a time, each with its `taken`, read in order by one reader, which calls
 * `taken` when it asks for the next. Ended, the reader reads what is left, then stops (or throws the
 * error it ended with); dropped, what is left is taken unread and the reader stops. What is put after
 * either is taken at once.
 */
export function handoff<T>() {
  const waiting: Array<{ value: T; taken: () => void }> = [];
  let wake: (() => void) | null = null;
  let ended: { error?: unknown } | null = null;
  const rouse = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const end = (failure?: { error: unknown }) => {
    ended ??= failure ?? {};
    rouse();
  };
  const drop = () => {
    end();
    for (const { taken } of waiting.splice(0)) taken();
  };
  return {
    put(value: T, taken: () => void) {
      if (ended) return taken();
      waiting.push({ value, taken });
      rouse();
    },
    end,
    drop,
    async *read(): AsyncGenerator<T, void, undefined> {
      let handed: (() => void) | null = null;
      try {
        for (;;) {
          const next = waiting.shift();
          if (next) {
            handed = next.taken;
            yield next.value;
            // Asked for the next one: this one has been sent on.
            handed = null;
            next.taken();
          } else if (ended) {
            if ('error' in ended) throw ended.error;
            return;
          } else await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        handed?.();
        drop();
      }
    },
  };
}

/**
 * The subscription `produce` runs, both ways: pushed (PUSH), or read as an async iterable, where each
 * value waits for the reader to ask for the next before the producer goes on, and a reader that stops
 * (returns, or its loop breaks) aborts the producer.
 */
export function pushSubscription<T>(produce: Producer<T>): PushSubscription<T> {
  return {
    [PUSH]: produce,
    async *[Symbol.asyncIterator]() {
      const stop = new AbortController();
      const channel = handoff<T>();
      const send: Send<T> = (value) => new Promise<void>((taken) => channel.put(value, taken));
      void produce(send, stop.signal).then(
        () => channel.end(),
        (error: unknown) => channel.end({ error }),
      );
      try {
        yield* channel.read();
      } finally {
        stop.abort();
      }
    },
  };
}
