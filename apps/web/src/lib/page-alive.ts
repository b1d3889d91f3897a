import { useSyncExternalStore } from 'react';

/**
 * Whether the page is React's yet: a page the server rendered is alive once every part of it has
 * hydrated (boot.tsx says so); any other page as soon as it is drawn. What can wait for it does: the
 * live subscriptions (each asks for its lists again as it starts) and reads the server could not
 * make for the page (who is online among the people it shows). An answer that changes what a part
 * shows while React is still hydrating the page makes it hydrate everything left at once, in one long
 * task.
 */
let alive = false;
const listeners = new Set<() => void>();
let resolveAlive!: () => void;

/** Settles once the page is alive. */
export const whenAlive = new Promise<void>((resolve) => (resolveAlive = resolve));

/** Marks the page alive; the document says so too (`<html data-alive>`, which the browser tests wait for). */
export function markAlive(): void {
  if (alive) return;
  alive = true;
  document.documentElement.setAttribute('data-alive', '');
  resolveAlive();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** In a component: false while the page is being hydrated (and on the server), then true. */
export function usePageAlive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => alive,
    () => false,
  );
}
