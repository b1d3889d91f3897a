export interface TestSubscription {
  /** The next event, within `ms` (else the call fails); tracked events come as { id, data }. */
  next(ms?: number): Promise<{ id: string; data: { type: string } & Record<string, unknown> }>;
  /** The next event `matches` accepts, passing over others (e.g. an earlier test's, still on its way), within `ms` in all. */
  nextWhere(matches: (data: { type: string } & Record<string, unknown>) => boolean, ms?: number): Promise<{ id: string; data: { type: string } & Record<string, unknown> }>;
  close(): void;
}

/**
 * Starts a subscription through a server-side caller (`start` gets the signal to pass to callerFor)
 * and hands its events out one at a time.
 */
export async function testSubscription(start: (signal: AbortSignal) => Promise<AsyncIterable<unknown>>): Promise<TestSubscription> {
  const controller = new AbortController();
  const iterable = await start(controller.signal);
  // The server-side caller yields tracked events as tRPC's [id, data, marker] envelopes.
  const iterator = (iterable as AsyncIterable<[string, { type: string } & Record<string, unknown>, symbol]>)[Symbol.asyncIterator]();
  const subscription: TestSubscription = {
    async next(ms = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
      });
      try {
        const result = await Promise.race([iterator.next(), timeout]);
        if (result.done) throw new Error('the subscription ended');
        const [id, data] = result.value;
        return { id, data };
      } finally {
        clearTimeout(timer);
      }
    },
    async nextWhere(matches, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const event = await subscription.next(Math.max(1, deadline - Date.now()));
        if (matches(event.data)) return event;
      }
    },
    close: () => controller.abort(),
  };
  return subscription;
}

/** Lets a fresh subscription's LISTEN settle before events are published. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
