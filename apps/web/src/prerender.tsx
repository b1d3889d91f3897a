import type { AppRouter } from '@app/api';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { renderToString } from 'react-dom/server';
import superjson from 'superjson';
import { App } from './App.tsx';
import { countParts, takePartCount } from './components/HydratesApart.tsx';
import i18n, { loadCatalogs, loadLanguage } from './i18n/index.ts';
import type { Language } from './i18n/locale.ts';
import { type PageClock, recordFormats, takeRecordedFormats } from './lib/format.ts';
import { noteDrawnParts, takeDrawnParts } from './lib/lazy.ts';
import { createOptions, createQueryClient } from './lib/trpc.ts';
import type { Rendering } from './page-html.ts';
import { createAppRouter } from './router.tsx';
import { prefetchTopBar } from './components/topBarData.ts';

export { pageHtml, stylesheetFirst, type Build, type Rendering } from './page-html.ts';

/**
 * Renders pages on the server, with the same app the browser hydrates (this module's server build,
 * dist-ssr/prerender.js): the public pages ahead of time, at build (scripts/prerender.ts), as a visitor
 * without a session sees them, in each language; and a member's page per request, from the procedures
 * called with their session (apps/server/src/plugins/member-pages.ts). Every catalog of both languages
 * is here from the start (the browser loads them as it needs them).
 */
await Promise.all([loadCatalogs(), loadLanguage('ar')]);

type Router = ReturnType<typeof createAppRouter>;
type Client = ReturnType<typeof createTRPCClient<AppRouter>>;

/**
 * Writes the loaded router's page. Nothing in here waits: the language, the format recorder, the
 * part counter and the drawn lazy parts are the module's, shared by the pages the server renders at once.
 */
function write(router: Router, queryClient: QueryClient, trpcClient: Client, language: Language, clock: PageClock = {}): Rendering {
  // At once: every catalog is here.
  void i18n.changeLanguage(language);
  recordFormats(clock);
  countParts();
  noteDrawnParts();
  const html = renderToString(<App queryClient={queryClient} trpcClient={trpcClient} router={router} />);
  return { html, formats: takeRecordedFormats(), parts: takePartCount(), routes: router.state.matches.map((match) => match.routeId), drawnParts: takeDrawnParts() };
}

/** A public page, as a visitor without a session sees it. */
export async function render(path: string, language: Language): Promise<Rendering> {
  const queryClient = createQueryClient();
  // Nothing is fetched while rendering ahead of time: a client without links.
  const trpcClient = createTRPCClient<AppRouter>({ links: [] });
  const trpc = createOptions(trpcClient, queryClient);
  queryClient.setQueryData(trpc.profiles.me.queryKey(), null);
  const router = createAppRouter({ queryClient, trpc }, { aheadOfTime: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return write(router, queryClient, trpcClient, language);
}

/** Resolves once no query of the cache is being fetched. */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = cache.subscribe(check);
    check();
  });
}

/** How React marks a Suspense boundary it left for the browser to render (a part that suspended). */
const CLIENT_RENDERED = '<!--$!-->';
/** How many times a member's page is rendered again for parts whose code was still loading, after 25, 50, 100… ms. */
const LAZY_RENDERS = 5;
const LAZY_WAIT_MS = 25;

export interface MemberOptions {
  /** The link that calls the procedures with the member's own context (the server's local link). */
  link: TRPCLink<AppRouter>;
  /** The browser's time zone (its cookie), in which the page's times are written. */
  timeZone: string;
  /** Aborted when the server no longer waits: then nothing is rendered. */
  signal: AbortSignal;
  /** Where live events stood before the page's data was read (shared/live.ts): its subscriptions start from there. */
  livePosition?: string;
}

/** Why a member's page was not rendered (the server sends the shell, and the browser renders it as it always has). */
export type NotRendered = 'refused' | 'aborted' | 'incomplete';

/**
 * A member's page, rendered from what its route's loaders fetch (and the member's profile and the top
 * bar's counts and lists, which every page shows), through `link`. The query cache goes into the page for the browser to start from.
 * A page whose data was refused or failed is not rendered: the browser asks again, and shows it.
 */
export async function renderForMember(path: string, language: Language, { link, timeZone, signal, livePosition }: MemberOptions): Promise<Rendering | NotRendered> {
  const queryClient = createQueryClient();
  // A refusal or failure is final here, whatever a query's own retries (the browser asks again).
  const defaults = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = (options) => ({ ...defaults(options), retry: false });
  const trpcClient = createTRPCClient<AppRouter>({ links: [link] });
  const trpc = createOptions(trpcClient, queryClient);
  const waits: Array<Promise<unknown>> = [queryClient.prefetchQuery(trpc.profiles.me.queryOptions()), ...prefetchTopBar(queryClient, trpc)];
  const router = createAppRouter({ queryClient, trpc, renderWaitsFor: (work) => waits.push(work) }, { aheadOfTime: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  await Promise.all(waits);
  await settled(queryClient);
  if (signal.aborted) return 'aborted';
  const failed = queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error');
  if (failed || router.state.matches.some((match) => match.status !== 'success')) return 'refused';
  const renderedAt = Date.now();
  let rendering = write(router, queryClient, trpcClient, language, { timeZone, renderedAt });
  // A lazily loaded part met for the first time since the server started is written as a gap the
  // browser renders itself (it would build that DOM again, and the page would paint twice): its code
  // is loading by then, and here for a render again a moment later (as scripts/prerender.ts does).
  for (let again = 0; again < LAZY_RENDERS && rendering.html.includes(CLIENT_RENDERED); again++) {
    await new Promise((resolve) => setTimeout(resolve, LAZY_WAIT_MS * 2 ** again));
    if (signal.aborted) return 'aborted';
    rendering = write(router, queryClient, trpcClient, language, { timeZone, renderedAt });
  }
  // Still a gap (code that did not load, or a part that threw): the browser would render that part
  // again and report it; it renders the whole page instead.
  if (rendering.html.includes(CLIENT_RENDERED)) return 'incomplete';
  return { ...rendering, member: { data: superjson.stringify(dehydrate(queryClient)), renderedAt, timeZone, livePosition } };
}
