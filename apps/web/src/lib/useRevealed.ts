import { startTransition, useEffect, useState } from 'react';
import { usePageAlive } from './page-alive.ts';

/**
 * How many of a list's `count` items to draw: the first `first` with the page's first screen, then,
 * once the page is alive, one more in each task of its own (a transition, started from a timer), so
 * that the items beyond the first view are committed in small steps rather than in one task the page
 * cannot answer input in: a commit of seven posts took 140 ms on a phone. The query cache's answers
 * are rendered whole and at once (they come through useSyncExternalStore), which is why the list
 * draws its items from this rather than from the answer.
 *
 * On a page the server rendered, nothing is added before it is alive: drawn while parts are still
 * hydrating, the rest would make React hydrate them all at once.
 */
export function useRevealed(count: number, first: number): number {
  const alive = usePageAlive();
  const [limit, setLimit] = useState(first);
  useEffect(() => {
    if (!alive || limit >= count) return;
    const timer = setTimeout(() => startTransition(() => setLimit((shown) => shown + 1)), 0);
    return () => clearTimeout(timer);
  }, [alive, limit, count]);
  return Math.min(alive ? limit : first, count);
}
