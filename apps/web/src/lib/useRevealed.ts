import { startTransition, useEffect, useState } from 'react';
import { usePageAlive } from './page-alive.ts';

/**
 * How far below the screen the list's end may be for more items to be drawn: half a screen. A phone's
 * first screen holds the first posts and a little of the third; a reader scrolling at two screens a
 * second needs a post drawn every tenth of a second or so, and one takes a phone some 50 ms.
 */
const AHEAD = '0px 0px 50% 0px';

interface Revealed {
  /** How many items are drawn, counted from `head`. */
  count: number;
  /** The first item's key when `count` was set: items added above it are drawn too. */
  head: string | undefined;
}

/**
 * How many of a list's items (given by their keys) to draw: the first `first` with the page's first
 * screen, then, once the page is alive and while the list's end (the element given to the callback it returns beside the count) is
 * within half a screen below the screen, one more in each task of its own (a transition,
 * started from a timer). Items far below the screen are drawn as the reader nears them: a post drawn
 * in the browser takes a phone tens of milliseconds (its menu, its buttons, its text), and drawing
 * all of a feed's first page at once held the page for a second and more after it appeared. The
 * query cache's answers are rendered whole and at once (they come through useSyncExternalStore),
 * which is why the list draws its items from this rather than from the answer. Items that arrive
 * above the first (a live post) are drawn beside the others.
 *
 * On a page the server rendered, nothing is added before it is alive: drawn while parts are still
 * hydrating, the rest would make React hydrate them all at once.
 */
export function useRevealed(keys: readonly string[], first: number): [shown: number, end: (element: Element | null) => void] {
  const alive = usePageAlive();
  const [revealed, setRevealed] = useState<Revealed>({ count: first, head: keys[0] });
  const [end, setEnd] = useState<Element | null>(null);
  const [near, setNear] = useState(false);
  const above = revealed.head === keys[0] ? 0 : Math.max(0, keys.indexOf(revealed.head ?? ''));
  const limit = revealed.count + above;

  useEffect(() => {
    if (!end) return;
    const watch = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { rootMargin: AHEAD });
    watch.observe(end);
    return () => {
      watch.disconnect();
      setNear(false);
    };
  }, [end]);

  const total = keys.length;
  const head = keys[0];
  useEffect(() => {
    if (!alive || !near || limit >= total) return;
    const timer = setTimeout(() => startTransition(() => setRevealed({ count: limit + 1, head })), 0);
    return () => clearTimeout(timer);
  }, [alive, near, limit, total, head]);

  return [Math.min(alive ? limit : first, total), setEnd];
}
