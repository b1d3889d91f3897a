import { startTransition, useEffect, useState } from 'react';
import { usePageAlive } from './page-alive.ts';

/**
 * False until a component has rendered once with `ready`, then true, set in a transition: what is
 * drawn from it is rendered in slices React may interrupt (a transition's render yields to the
 * browser every few milliseconds) rather than in the task that drew the first screen. The query
 * cache's answers are rendered whole and at once (they come through useSyncExternalStore), so the
 * parts of a screen beyond its first view (the posts below the first few) wait for this.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  // On a page the server rendered, once it is alive: drawn while parts are still hydrating, the rest
  // would make React hydrate them all at once.
  const alive = usePageAlive();
  useEffect(() => {
    if (ready && alive && !painted) startTransition(() => setPainted(true));
  }, [ready, alive, painted]);
  return painted;
}
