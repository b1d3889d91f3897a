import { useSyncExternalStore } from 'react';

/**
 * A module loaded when it is first needed rather than with the page (`ensure()`, from a form's first
 * focus, say), which components read as it arrives. For code whose evaluation is a long task on a
 * phone, such as the shared zod schemas a form checks its text with: a page the server rendered
 * shows its forms empty, with nothing to check until someone types.
 *
 * `use()` reads null while the module is on its way, and while a page rendered on the server is
 * hydrating (as the server drew it), then the module. A load that failed is tried again next time.
 */
export function loadedOnDemand<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const ensure = () =>
    (loading ??= load().then(
      (loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    /** Starts loading it (once); resolves with it. */
    ensure,
    /** In a component: the module once here, null before. */
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => null,
      ),
  };
}
