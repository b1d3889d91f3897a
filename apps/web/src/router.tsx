import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { NotFound } from './components/NotFound.tsx';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * The app's router; `history` is given only when rendering ahead of time (prerender.tsx), the browser's
 * otherwise. `hydrating`: the page in the browser was rendered ahead of time, and the visitor may have
 * scrolled it before the app took it over: its first render leaves the scroll where it is.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory, hydrating = false) {
  let keepScroll = hydrating;
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageLoader,
    defaultPendingMs: 150,
    defaultNotFoundComponent: NotFound,
    // Rendered ahead of time, the router would write an inline script to restore scrolling (refused by
    // the CSP): the browser's own router restores it.
    scrollRestoration: history
      ? false
      : () => {
          const restore = !keepScroll;
          keepScroll = false;
          return restore;
        },
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
