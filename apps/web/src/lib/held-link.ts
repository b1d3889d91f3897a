import type { AppRouter } from '@app/api';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/**
 * A link that holds each operation until `ready` settles, then passes it on (and drops it if it was
 * cancelled meanwhile). The subscriptions wait for the page to come alive (lib/page-alive.ts): each
 * one, once started, asks for its lists again (so that nothing sent between the read and the
 * subscription is missed). Those held meanwhile start one per task, in the order they were made,
 * the first in a task after the one the page came alive in: started together, a page's half-dozen
 * subscriptions were one long task as it came alive.
 */
export function heldUntil(ready: Promise<unknown>): TRPCLink<AppRouter> {
  const held: Array<() => void> = [];
  let released = false;
  const releaseNext = () => {
    held.shift()?.();
    if (held.length > 0) setTimeout(releaseNext, 0);
  };
  void ready.finally(() => {
    released = true;
    setTimeout(releaseNext, 0);
  });
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let unsubscribe: (() => void) | null = null;
        const start = () => {
          unsubscribe = next(op).subscribe(observer).unsubscribe;
        };
        if (released) start();
        else held.push(start);
        return () => {
          const waiting = held.indexOf(start);
          if (waiting >= 0) held.splice(waiting, 1);
          unsubscribe?.();
        };
      });
}
