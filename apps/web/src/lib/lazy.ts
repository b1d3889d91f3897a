import { createElement, lazy, useState, type ComponentType } from 'react';

/** Rendering on the server: the sources of the lazily loaded parts drawn (null while not counting). */
let drawn: Set<string> | null = null;

/** Rendering on the server: notes the lazily loaded parts drawn from now until `takeDrawnParts`. */
export function noteDrawnParts() {
  drawn = new Set();
}

export function takeDrawnParts(): string[] {
  const parts = [...(drawn ?? [])];
  drawn = null;
  return parts;
}

/**
 * A component whose code loads when it is first drawn (React.lazy, for a named export), or earlier
 * through `preload()` (a pointer over its tab, the route's loader). A load that failed is tried again
 * next time rather than kept.
 *
 * Once its code is here it is drawn at once, without suspending: React.lazy suspends the first time
 * each lazy component is drawn even when its code has arrived, and a page the server rendered would
 * then leave that part to the browser as it hydrates (and, if anything above it changed meanwhile,
 * draw it again from its fallback, painting the page a second time).
 *
 * `source` is the module's path in the web app (as Vite's manifest names it, 'src/…'): a page rendered
 * on the server names the code and stylesheets of the parts it drew (`drawnParts`), so that the
 * browser has them before it paints and hydrates.
 */
export function lazyNamed<P extends object>(source: string, load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LazyPart(props: P) {
    // Decided once where it is drawn: a part first drawn while loading stays React.lazy's (switching
    // would mount it again, losing its state).
    const [ready] = useState(() => loaded);
    drawn?.add(source);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(LazyPart, { preload });
}
