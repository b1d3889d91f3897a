import { PAGE_DATA_ID, PAGE_PRELOADS_ID, PAGE_STATE_ID } from '@app/shared/prerendered';
import { type DehydratedState, hydrate, timeoutManager } from '@tanstack/react-query';
import superjson from 'superjson';
import { applyDocumentLanguage, loadCatalogs, loadLanguage } from './i18n/index.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserHistory } from '@tanstack/react-router';
import { App } from './App.tsx';
import { whenPartsAlive } from './components/HydratesApart.tsx';
import { coalescedTimers } from './lib/coalesced-timers.ts';
import { currentLanguage } from './i18n/locale.ts';
import { rememberReferral } from './lib/storage-keys.ts';
import { carryFormats } from './lib/format.ts';
import { startFromPagePosition } from './lib/live-position.ts';
import { markAlive } from './lib/page-alive.ts';
import { nextTask } from './lib/next-task.ts';
import { createClient, createOptions, createQueryClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

rememberReferral(window.location.search);

const root = document.getElementById('root')!;
/** The page arrived rendered ahead of time: the app hydrates it rather than rendering it. */
const prerendered = Boolean(document.documentElement.dataset.prerendered && root.firstElementChild);
const language = currentLanguage();
/** What a page rendered ahead of time was written with (src/page-html.ts). */
const state = document.getElementById(PAGE_STATE_ID)?.dataset ?? {};
/** A member's page rendered by the server: the query cache it was rendered from (superjson). */
const data = document.getElementById(PAGE_DATA_ID)?.textContent;

/**
 * How far the browser's clock may be from the one a member's page was written by for the page to be
 * hydrated. Its relative times are drawn by the page's clock as it hydrates, but what else reads the
 * time as it draws (the calendar's month, today's events, a course's dates) reads the browser's: a
 * clock far off (wrong, or held still, as the screenshot gallery's is) draws other HTML, which React
 * cannot take over. Such a page is drawn afresh from the same data instead, without asking again.
 */
export const CLOCK_AGREES_MS = 2 * 60_000;

/**
 * The server's query cache, its answers dated by this browser's clock: read as the page was written,
 * they are as fresh here as they were there, whatever the two clocks say (on a clock a day ahead, all
 * of them would be a day old, and asked for again at once).
 */
function onThisClock(state: DehydratedState, renderedAt: number | undefined): DehydratedState {
  const skew = renderedAt === undefined ? 0 : Date.now() - renderedAt;
  for (const query of state.queries) query.state.dataUpdatedAt += skew;
  return state;
}

/** Whether this page can be hydrated as it is: a public page always; a member's page while the clocks agree. */
function hydratable(renderedAt: number | undefined): boolean {
  if (!data) return true;
  return renderedAt !== undefined && Math.abs(Date.now() - renderedAt) <= CLOCK_AGREES_MS;
}

/**
 * Lets the browser paint and answer input between the steps of starting, so that each step is a task
 * of its own rather than all of them one long task that holds the page. A message rather than a timer:
 * a tab opened in the background starts at once, and its timers are held back (to a second each in
 * Chromium), which made such a page take seconds to come alive.
 */
const yieldToBrowser = nextTask;

/**
 * How many preloads to start in one task: each costs the browser about half a millisecond, more on a
 * phone, and about 5 ms where the page is traced (Lighthouse records each request with its stack):
 * eight made a task of some 40 ms there, which its 4x counts as long.
 */
const PRELOADS_PER_TASK = 2;

/**
 * Starts loading the scripts of a prerendered page's own code, which the page names in a template
 * (scripts/prerender.ts), a few in each task. Done before any dynamic import: Vite's loader then finds
 * them in the head and adds none of its own (it would add them all in one task, which holds the page).
 */
async function preloadPageScripts() {
  const template = document.getElementById(PAGE_PRELOADS_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const links = [...template.content.children];
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await yieldToBrowser();
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
  }
}

/**
 * Public pages arrive rendered ahead of time for visitors (the server sends them only to a browser
 * without a session), and a member's pages rendered by the server for them: the same app hydrates
 * them, as the person it was rendered for, once the page's code and text are here. Any other page is rendered here. Resolves once the page is React's: hydrated,
 * every part of it (which happens in a transition, and part by part), or rendered.
 */
async function start(): Promise<void> {
  let committed!: () => void;
  const done = new Promise<void>((resolve) => (committed = resolve));
  applyDocumentLanguage(language);
  await preloadPageScripts();
  // Each step below in a task of its own: the entry's own evaluation ends here.
  await yieldToBrowser();
  // React Query's timers (stale times, garbage collection, retries' waits) on one browser timer, not one
  // each: hydrating a member's page subscribes a few hundred observers at once. Set before any query.
  timeoutManager.setTimeoutProvider(coalescedTimers());
  const queryClient = createQueryClient();
  const trpcClient = createClient();
  const trpc = createOptions(trpcClient, queryClient);
  // A page rendered ahead of time also waits for the English catalogs the entry left out (already on
  // their way): added after hydration, they would make every text on the page render again.
  await Promise.all([loadLanguage(language), prerendered ? loadCatalogs() : undefined]);
  await yieldToBrowser();
  const renderedAt = state.renderedAt ? Number(state.renderedAt) : undefined;
  const hydrating = prerendered && hydratable(renderedAt);
  // What the route's loaders start that the page needs to hydrate as it was rendered (the code of its
  // lazily loaded parts: a tab, say).
  const waits: Array<Promise<unknown>> = [];
  const renderWaitsFor = hydrating && data ? (work: Promise<unknown>) => void waits.push(work) : undefined;
  const browser = createBrowserHistory();
  await yieldToBrowser();
  // The scroll the visitor made on a page already painted is kept, hydrated or drawn again.
  const router = createAppRouter({ queryClient, trpc, renderWaitsFor }, { browser, hydrating: prerendered });
  await yieldToBrowser();
  // A member's page starts from the data the server rendered it with (nothing is asked for again
  // while it is fresh), whether it is hydrated or drawn again.
  if (data) hydrate(queryClient, onThisClock(superjson.parse<DehydratedState>(data), renderedAt));
  // Its live subscriptions start from where live events stood as the server read that data.
  startFromPagePosition(data ? state.livePosition : undefined, browser);
  if (hydrating) {
    if (state.formats) carryFormats(JSON.parse(state.formats) as Record<string, string>, { timeZone: state.timeZone, renderedAt });
    // A public page was rendered for a visitor without a session.
    if (!data) queryClient.setQueryData(trpc.profiles.me.queryKey(), null);
    await yieldToBrowser();
    await router.load();
    await Promise.allSettled(waits);
    await yieldToBrowser();
    // As the router's own hydration (for pages its server renders) would: matches render without the
    // outer Suspense boundary the server did not write either.
    router.ssr = { manifest: undefined };
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread: the page, already painted, stays responsive while it comes alive.
    startTransition(() => {
      hydrateRoot(root, <App queryClient={queryClient} trpcClient={trpcClient} router={router} onCommitted={committed} />);
    });
  } else {
    // A page that cannot be hydrated is replaced as React draws it (the first commit clears the root).
    createRoot(root).render(<App queryClient={queryClient} trpcClient={trpcClient} router={router} onCommitted={committed} />);
  }
  await done;
  // The parts of the page that hydrate apart (HydratesApart) come alive after it.
  if (hydrating) await whenPartsAlive(Number(state.parts ?? 0));
  markAlive();
}

/** Starts the app (main.tsx calls it once the page has painted). */
export default start;
