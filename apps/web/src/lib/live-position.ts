import { useRef, useState } from 'react';

/**
 * Where live events stood as the server read the page this browser was given (shared/live.ts), kept
 * until the person goes to another page: the subscriptions of what the first page draws (as it
 * hydrates, and its parts loaded after) start from it.
 */
let pagePosition: string | undefined;

/**
 * boot.tsx: the position of the member's page the server rendered (or none), and the history whose
 * first move to another address ends it (the router may write the same address again as it starts).
 */
export function startFromPagePosition(position: string | undefined, history: { location: { href: string }; subscribe(listener: () => void): () => void }): void {
  pagePosition = position;
  if (!position) return;
  const rendered = history.location.href;
  const stop = history.subscribe(() => {
    if (history.location.href === rendered) return;
    pagePosition = undefined;
    stop();
  });
}

export interface LiveStart {
  /** Spread into the subscription's input: where its first start resumes from (the page's position). */
  from: { lastEventId?: string };
  /**
   * The subscription's `onStarted`, around what reads its lists again: not on a first start from the
   * page's position (the server sends what came after it, and what the page shows was read after it),
   * on every other (a start without one, a reconnect).
   */
  onStarted: (refresh: () => void) => () => void;
}

/**
 * How a live subscription starts. Drawn on a member's page the server rendered, its first start
 * resumes from the page's position instead of reading the page's lists again (about a dozen calls as
 * a community page came alive). What it shows was read after that position (with the page, or since),
 * and the events it is sent apply as well to what already has them. Drawn on another page (after a
 * navigation), it starts as it always has.
 */
export function useLiveStart(): LiveStart {
  const [position] = useState(() => pagePosition);
  const started = useRef(false);
  return {
    from: position ? { lastEventId: position } : {},
    onStarted: (refresh) => () => {
      const fromPage = position !== undefined && !started.current;
      started.current = true;
      if (!fromPage) refresh();
    },
  };
}
