import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { NotFound } from './components/NotFound.tsx';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

interface AppRouterOptions {
  /** Rendering ahead of time (prerender.tsx): the page's path in a memory history. */
  aheadOfTime?: RouterHistory;
  /**
   * In the browser: its history, made beforehand (boot.tsx makes it in a task of its own: writing the
   * history's first state is a third of the router's creation). Made here when not given.
   */
  browser?: RouterHistory;
  /**
   * The page in the browser was rendered ahead of time, and the visitor may have scrolled it before
   * the app took it over: its first render leaves the scroll where it is.
   */
  hydrating?: boolean;
}

/** The app's router, in the browser or rendering ahead of time. */
export function createAppRouter(context: RouterContext, { aheadOfTime, browser, hydrating = false }: AppRouterOptions = {}) {
  let keepScroll = hydrating;
  const history = aheadOfTime ?? browser;
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
    scrollRestoration: aheadOfTime
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
