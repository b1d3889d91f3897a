export interface TestSubscription {
  /** The next event, within `ms` (else the call fails); tracked events come as { id, data }. */
  next(ms?: number): Promise<{ id: string; data: { type: string } & Record<string, unknown> }>;
  /** The next event `matches` accepts, passing over others (e.g. an earlier test's, still on its way), within `ms` in all. */
  nextWhere(matches: (data: { type: string } & Record<string, unknown>) => boolean, ms?: number): Promise<{ id: string; data: { type: string } & Record<string, unknown> }>;
  close(): void;
}

type Envelope = [string, { type: string } & Record<string, unknown>, symbol];

/** The subscriptions that wait to be told they listen, by the signal their caller was given. */
const listeners = new WeakMap<AbortSignal, () => void>();

/**
 * Called by the test callers' bus when a subscription opens its stream (after LISTEN): the
 * subscription given `signal` now hears every event committed from here on.
 */
export function markListening(signal: AbortSignal | undefined): void {
  if (!signal) return;
  listeners.get(signal)?.();
  listeners.delete(signal);
}

const TIMED_OUT = Symbol('timed out');

/** What `promise` settles with, or TIMED_OUT when `ms` pass first (the promise itself goes on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a subscription may take to start listening (or to end, refused) before the test fails. */
const LISTEN_TIMEOUT_MS = 10_000;

/**
 * Starts a subscription through a server-side caller (`start` gets the signal to pass to
 * callerFor) and hands its events out one at a time. It returns once the subscription listens
 * (the bus has opened its stream), or has already ended: what the test does next is heard, on a
 * busy machine as on a quiet one, with no sleep to guess at.
 */
export async function testSubscription(start: (signal: AbortSignal) => Promise<AsyncIterable<unknown>>): Promise<TestSubscription> {
  const controller = new AbortController();
  const listening = new Promise<void>((resolve) => listeners.set(controller.signal, resolve));
  const iterable = await start(controller.signal);
  // The server-side caller yields tracked events as tRPC's [id, data, marker] envelopes.
  const iterator = (iterable as AsyncIterable<Envelope>)[Symbol.asyncIterator]();
  // The generator runs only once asked for a value: ask now, and keep the answer for `next`.
  let pending: Promise<IteratorResult<Envelope>> | null = iterator.next();
  const ended = pending.then(
    () => undefined,
    () => undefined,
  );
  const outcome = await within(Promise.race([listening, ended]), LISTEN_TIMEOUT_MS);
  listeners.delete(controller.signal);
  if (outcome === TIMED_OUT) {
    controller.abort();
    throw new Error(`the subscription neither listened nor ended within ${LISTEN_TIMEOUT_MS} ms`);
  }
  const subscription: TestSubscription = {
    async next(ms = 5000) {
      const result = pending ?? iterator.next();
      pending = null;
      const settled = await within(result, ms);
      if (settled === TIMED_OUT) {
        // The value asked for is still on its way: the next call takes it, not a later one.
        pending = result;
        throw new Error(`no event within ${ms} ms`);
      }
      if (settled.done) throw new Error('the subscription ended');
      const [id, data] = settled.value;
      return { id, data };
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
