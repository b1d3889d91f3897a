import { setMaxListeners } from 'node:events';
import { AppError, SIGNED_IN_MESSAGE } from './errors.ts';
import { isPushSubscription, PUSH, pushSubscription, type PushSubscription } from '../platform/live/push.ts';

/** Live subscriptions one WebSocket may hold at once (the web app holds a handful per page). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;
export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = `Too many live updates on one connection (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET}).`;

/**
 * What the calls over one WebSocket share. tRPC makes a socket's context once, when it opens, so
 * whatever must hold per call (the session, the subscription count) is kept here and checked by
 * trpc.ts for every call that comes over it.
 */
export class SocketState {
  /** Subscriptions running on the socket. */
  subscriptions = 0;
  readonly #ended = new AbortController();
  readonly #running = new Set<() => void>();

  constructor() {
    // Each running subscription listens for the end (and stops listening when it ends).
    setMaxListeners(MAX_SUBSCRIPTIONS_PER_SOCKET + 1, this.#ended.signal);
  }

  /** Whether the socket's session has ended (signed out, expired): its calls are a visitor's from then on. */
  get sessionEnded(): boolean {
    return this.#ended.signal.aborted;
  }

  /** Aborted when the session ends. */
  get sessionSignal(): AbortSignal {
    return this.#ended.signal;
  }

  /** Marks the session ended; the socket's running subscriptions end with UNAUTHORIZED. */
  endSession(): void {
    this.#ended.abort();
  }

  /**
   * Counts a subscription on the socket, and answers what ends the count: once, when the subscription
   * ends or the socket closes, whichever comes first, running `release` too (the count shared by
   * every process).
   */
  startSubscription(release: () => void = () => {}): () => void {
    this.subscriptions += 1;
    const end = () => {
      if (!this.#running.delete(end)) return;
      this.subscriptions -= 1;
      release();
    };
    this.#running.add(end);
    return end;
  }

  /** The socket closed: every subscription still counted stops counting, however the socket ended. */
  close(): void {
    for (const end of [...this.#running]) end();
  }
}

/**
 * A subscription's events, counted while it runs (`end` drops the count, however it ends)
 * and ended with UNAUTHORIZED as soon as the socket's session ends, on whichever server process
 * the session was ended.
 */
export function countedSubscription<T>(iterable: AsyncIterable<T>, socket: SocketState, end: () => void): AsyncIterable<T> {
  if (isPushSubscription(iterable)) return countedPush(iterable, socket, end);
  return {
    [Symbol.asyncIterator]() {
      const inner = iterable[Symbol.asyncIterator]();
      let refuse = () => {};
      const signedOut = new Promise<never>((_, reject) => {
        refuse = () => reject(new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE));
      });
      signedOut.catch(() => undefined);
      if (socket.sessionEnded) refuse();
      else socket.sessionSignal.addEventListener('abort', refuse, { once: true });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        end();
        socket.sessionSignal.removeEventListener('abort', refuse);
      };
      // A generator waiting for its next event cannot be returned at once: it ends by its own
      // session check (live/subscription.ts) soon after, so it is told to stop and not awaited.
      const stopInner = () => void inner.return?.()?.catch(() => undefined);
      return {
        async next() {
          try {
            const result = await Promise.race([inner.next(), signedOut]);
            if (result.done) release();
            return result;
          } catch (error) {
            release();
            stopInner();
            throw error;
          }
        },
        async return(value?: unknown) {
          release();
          stopInner();
          return { done: true, value: value as T };
        },
      };
    },
  };
}

/** countedSubscription of a subscription that sends its values itself: the same count and the same end, pushed through. */
function countedPush<T>(inner: PushSubscription<T>, socket: SocketState, end: () => void): PushSubscription<T> {
  return pushSubscription(async (send, signal) => {
    const stop = new AbortController();
    const abort = () => stop.abort();
    let signedOut = false;
    const refuse = () => {
      signedOut = true;
      stop.abort();
    };
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) stop.abort();
    if (socket.sessionEnded) refuse();
    else socket.sessionSignal.addEventListener('abort', refuse, { once: true });
    try {
      await inner[PUSH](send, stop.signal);
    } catch (error) {
      if (!signedOut) throw error;
    } finally {
      end();
      socket.sessionSignal.removeEventListener('abort', refuse);
      signal.removeEventListener('abort', abort);
    }
    if (signedOut) throw new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE);
  });
}
