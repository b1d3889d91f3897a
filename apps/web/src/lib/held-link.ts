import type { AppRouter } from '@app/api';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/**
 * A link that holds each operation until `ready` settles, then passes it on (and drops it if it was
 * cancelled meanwhile). The subscriptions wait for the page to come alive (lib/page-alive.ts): each
 * one, once started, asks for its lists again (so that nothing sent between the read and the
 * subscription is missed).
 */
export function heldUntil(ready: Promise<unknown>): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let cancelled = false;
        let unsubscribe: (() => void) | null = null;
        void ready.finally(() => {
          if (!cancelled) unsubscribe = next(op).subscribe(observer).unsubscribe;
        });
        return () => {
          cancelled = true;
          unsubscribe?.();
        };
      });
}
