import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads when it is first drawn (React.lazy, for a named export), or earlier
 * through `preload()` (a pointer over its tab, the route's loader). A load that failed is tried again
 * next time rather than kept.
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(
    lazy(() => preload().then((component) => ({ default: component }))),
    { preload },
  );
}
