import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appRouter, type AppRouter } from '@app/api/server';
import type { Language } from '@app/shared/language';
import { isMemberPage, timeZoneCookie } from '@app/shared/prerendered';
import { livePositionText } from '@app/shared/live';
import { type TRPCLink, unstable_localLink } from '@trpc/client';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import superjson from 'superjson';
import { builtWebApp } from './static.ts';
import { reportProcedureError } from './trpc.ts';

/**
 * What the server uses of the web build's renderer (apps/web/src/prerender.tsx, built into
 * dist-ssr/prerender.js, which imports the web's own packages): the page is the web's to write.
 */
interface Renderer {
  renderForMember(url: string, language: Language, options: { link: TRPCLink<AppRouter>; timeZone: string; signal: AbortSignal; livePosition?: string }): Promise<object | string>;
  pageHtml(build: Build, language: Language, rendering: object): string;
  stylesheetFirst(html: string): string;
  render(path: string, language: Language): Promise<object>;
}

/** A page of each kind `isMemberPage` names, rendered once at start. */
const WARM_UP_PAGES = ['/community/warm-up', '/course/00000000-0000-4000-8000-000000000000'];
interface Build {
  template: string;
  manifest: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A member's page (plugins/not-found.ts asks), rendered for the person whose session the request
     * carries, or null when it is not rendered here: nobody (or a closed account) signed in, not a
     * member's page, no time zone known, over their renderings (`page:render`), data refused, slower
     * than MEMBER_PAGE_TIMEOUT_MS (a slow database; the rendering itself cannot be stopped), or the
     * rendering failed (logged).
     */
    renderMemberPage(req: FastifyRequest, path: string, language: Language): Promise<string | null>;
  }
}

/** Time zones the browser named, checked once each (Intl refuses what is not one). */
const zones = new Map<string, boolean>();
function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== undefined;
    } catch {
      known = false;
    }
    if (zones.size < 1_000) zones.set(zone, known);
  }
  return known;
}

/** CPU time this process has spent, in milliseconds (user and system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}

/**
 * The pages members live in, rendered per request with their session: the route's loaders run
 * here against the routers in-process (tRPC's local link), each call with the context tRPC's HTTP
 * handler would give the request (app.trpcContext: the same session check, the same call budgets),
 * so a page shows only what the procedures allow that person. The web build's renderer writes the
 * page and its query cache (apps/web/src/prerender.tsx); the browser hydrates it (boot.tsx).
 */
export const memberPagesPlugin = fp(async (app: FastifyInstance) => {
  const root = builtWebApp(app.config);
  const bundle = root === null ? null : join(root, '..', 'dist-ssr', 'prerender.js');
  const renderer = bundle !== null && existsSync(bundle) ? ((await import(pathToFileURL(bundle).href)) as Renderer) : null;
  const build: Build | null =
    renderer && root
      ? { template: renderer.stylesheetFirst(await readFile(join(root, 'index.html'), 'utf8')), manifest: JSON.parse(await readFile(join(root, '.vite', 'manifest.json'), 'utf8')) }
      : null;
  if (root !== null && !renderer) app.log.warn({ bundle }, 'No server build of the web app: the member pages are sent as the shell.');

  /**
   * The first rendering of a page after the server starts also loads and compiles its code, seconds on
   * a busy computer, past the timeout: once ready, the server renders a public page and each member's
   * page once for nobody (every call refused, so nothing is written), in the background.
   */
  async function warmUp(renderer: Renderer) {
    const refused = unstable_localLink<AppRouter>({ router: appRouter, transformer: superjson, createContext: () => Promise.reject(new TRPCError({ code: 'UNAUTHORIZED' })) });
    const signal = new AbortController().signal;
    await renderer.render('/discover', 'en');
    for (const url of WARM_UP_PAGES) await renderer.renderForMember(url, 'en', { link: refused, timeZone: 'UTC', signal });
  }
  // A member's page asked for meanwhile waits for it (its own timeout starts after): it would load the same code.
  let warm: Promise<void> = Promise.resolve();
  app.addHook('onReady', () => {
    if (renderer) warm = warmUp(renderer).catch((err: unknown) => app.log.error({ err }, 'Warming the member pages up failed'));
  });

  app.decorate('renderMemberPage', async (req: FastifyRequest, path: string, language: Language) => {
    if (!renderer || !build || !isMemberPage(path)) return null;
    const { session, user } = await req.auth();
    // A closed account signed in again sees its own gate, which the browser draws.
    if (!session || !user || user.closedAt) return null;
    const timeZone = timeZoneCookie(req.headers.cookie);
    if (!timeZone || !isTimeZone(timeZone)) return null;
    // Rendering costs the server's CPU: each person has a budget of renderings (shared by the processes).
    const budget = await app.rateLimiter.hit('page:render', user.id);
    if (!budget.allowed) {
      app.log.debug({ userId: user.id }, 'A member is over their page renderings: the shell was sent');
      return null;
    }
    const link = unstable_localLink<AppRouter>({
      router: appRouter,
      transformer: superjson,
      // Each call as one of an HTTP batch: counted against the person's budgets, its session checked.
      createContext: () => app.trpcContext(req, 1),
      onError: ({ error, path: procedure }) => reportProcedureError(app, error, procedure),
    });
    await warm;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<'too slow'>((resolve) => (timer = setTimeout(() => resolve('too slow'), app.config.memberPageTimeoutMs)));
    const startedCpu = cpuMs();
    const started = performance.now();
    try {
      const url = req.url;
      // Taken before the page's data is read: its subscriptions start from here, and are sent what came after.
      const livePosition = livePositionText(await app.live.position());
      const result = await Promise.race([renderer.renderForMember(url, language, { link, timeZone, signal: abort.signal, livePosition }), tooSlow]);
      if (result === 'too slow') {
        abort.abort();
        app.log.warn({ url }, 'A member page took too long to load: the shell was sent');
        return null;
      }
      if (result === 'incomplete') app.log.warn({ url }, 'A member page rendered with a part left to the browser: the shell was sent');
      if (typeof result === 'string') return null;
      const html = renderer.pageHtml(build, language, result);
      // Process CPU: other requests' work meanwhile counts too; `npm run bench` measures it alone.
      app.log.debug({ url, cpuMs: Math.round(cpuMs() - startedCpu), ms: Math.round(performance.now() - started) }, 'member page rendered');
      return html;
    } catch (err) {
      app.log.error({ err, url: req.url }, 'Rendering a member page failed: the shell was sent');
      return null;
    } finally {
      clearTimeout(timer);
    }
  });
});
