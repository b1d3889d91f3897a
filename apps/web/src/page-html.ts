import type { Language } from '@app/shared/language';
import { EARLY_CLICKS_SCRIPT, manifestOf, PAGE_DATA_ID, PAGE_PRELOADS_ID, PAGE_STATE_ID } from '@app/shared/prerendered';

/**
 * A rendered page written into the built app's index.html: for the public pages rendered at build
 * (scripts/prerender.ts) and the member's pages the server renders per request
 * (apps/server/src/plugins/member-pages.ts), the same code. Plain text work, given the build's
 * files: this module runs in both, and reads none itself.
 */

/** A page's HTML, the formatted values it was written with (lib/format.ts), how many parts hydrate apart, and its routes (prerender.tsx renders it). */
export interface Rendering {
  html: string;
  formats: Record<string, string>;
  parts: number;
  /** The ids of the routes it is made of (the page names their code for the browser to preload). */
  routes: string[];
  /** The lazily loaded parts it drew (lib/lazy.ts: their sources), whose code and stylesheets it names too. */
  drawnParts: string[];
  /** A member's page: its query cache (superjson text), and the clock and zone its times were written by. */
  member?: { data: string; renderedAt: number; timeZone: string; livePosition?: string };
}

/** What of the build a page is written from: index.html (`stylesheetFirst`) and Vite's manifest. */
export interface Build {
  template: string;
  manifest: Record<string, Chunk>;
}

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The built index.html, its stylesheet moved to the head's start: the page paints once the HTML and
 * the stylesheet are here, so the stylesheet should not queue behind the scripts' many preloads.
 */
export function stylesheetFirst(html: string): string {
  const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
  const rest = stylesheets.reduce((out, link) => out.replace(link, ''), html);
  return rest.replace(/(<meta charset[^>]*>)/, `$1${stylesheets.join('')}`);
}

/**
 * What the app loads on its own while it takes over any prerendered page, beside the page's route
 * (the English catalogs are asked for as the entry runs, before any template could name them).
 */
const APP_PARTS = ['src/components/NotificationsHost.tsx'];
const LANGUAGE_PARTS: Record<string, string[]> = { ar: ['src/i18n/catalogs-ar.ts'] };

/** The route id a route file's component chunk belongs to: 'src/routes/_authed/course.$courseId.tsx' is '/_authed/course/$courseId'. */
const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;
function routeIdOf(key: string): string | null {
  const name = ROUTE_CHUNK.exec(key)?.[1];
  if (!name) return null;
  return `/${name.replaceAll('.', '/')}`.replace(/\/index$/, '/');
}

/** The stylesheets and scripts of a page's own code (its routes' chunks, the lazy parts it drew, and what they import), beyond the entry's. */
function routeParts({ manifest }: Build, { routes, drawnParts }: Rendering, language: string) {
  const chunks = new Map(Object.keys(manifest).flatMap((key) => [[routeIdOf(key), key] as const]));
  const leaf = routes.at(-1);
  if (!leaf || !chunks.has(leaf)) throw new Error(`The build has no chunk for the route '${leaf}': is it still a route of its own?`);
  const entryStyles = new Set(manifest['index.html']?.css ?? []);
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no chunk '${key}'`);
    if (key === 'index.html' || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!entryStyles.has(css)) styles.add(css);
    for (const child of chunk.imports ?? []) visit(child);
  };
  const own = routes.flatMap((route) => chunks.get(route) ?? []);
  for (const key of [...own, ...drawnParts, ...APP_PARTS, ...(LANGUAGE_PARTS[language] ?? [])]) visit(key);
  return {
    /**
     * For the head: the app would add them only once it runs, and the page, painted without them,
     * would change when they came. Named here, the page paints with them from the first frame.
     */
    stylesheets: [...styles].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`).join(''),
    /**
     * For the app to move into the head when it starts (boot.tsx), a few per task: otherwise Vite's
     * loader adds a preload for each of them, dozens in one task that holds the page. Inert until then
     * (a template): in the head from the start, they would be fetched beside the stylesheet, and the
     * page would paint later.
     */
    preloads: `<template id="${PAGE_PRELOADS_ID}">${[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}</template>`,
  };
}

/** React writes a page's <title> and image preloads where they are rendered; they belong in the head. */
const HOISTED = /<title>[^<]*<\/title>|<link rel="preload"[^>]*\/>/g;

/** Text for a double-quoted attribute. */
const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** JSON inside a <script> element: nothing in it can end the element ('</script>') or open a comment. */
const scriptJson = (json: string) => json.replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/** What the app reads as it hydrates the page (boot.tsx): its formats, parts, clock, and a member's data. */
function pageState(rendering: Rendering): string {
  const member = rendering.member;
  const clock = member ? ` data-rendered-at="${member.renderedAt}" data-time-zone="${attribute(member.timeZone)}"` : '';
  const live = member?.livePosition ? ` data-live-position="${attribute(member.livePosition)}"` : '';
  const state = `<template id="${PAGE_STATE_ID}" data-formats="${attribute(JSON.stringify(rendering.formats))}" data-parts="${rendering.parts}"${clock}${live}></template>`;
  return member ? `${state}<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(member.data)}</script>` : state;
}

/** The page of `rendering` in `language`, or for null the language's empty shell. */
export function pageHtml(build: Build, language: Language, rendering: Rendering | null): string {
  const rendered = rendering?.html ?? null;
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const hoisted = rendered?.match(HOISTED) ?? [];
  const title = hoisted.find((tag) => tag.startsWith('<title>'));
  const body = rendered?.replace(HOISTED, '') ?? '';
  const parts = rendering ? routeParts(build, rendering, language) : null;
  let html = build.template
    // Mantine's colour variables apply under the scheme's attribute, which the app sets only once it
    // runs: without it, a page painted before then has no borders or body colours, and moves when they come.
    // First in the head: clicks made before the app runs are held from the first paint (main.tsx).
    .replace(/(<meta charset[^>]*>)/, rendered === null ? '$1' : `$1<script>${EARLY_CLICKS_SCRIPT}</script>`)
    // The installable app's name and direction in the page's language.
    .replace('/manifest.en.webmanifest', manifestOf(language))
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${dir}" data-mantine-color-scheme="light"${rendered === null ? '' : ' data-prerendered="1"'}>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${parts?.preloads ?? ''}${rendering ? pageState(rendering) : ''}`)
    .replace('</head>', () => `${parts?.stylesheets ?? ''}${hoisted.filter((tag) => tag !== title).join('')}</head>`);
  // The page's title first (React takes it over, and removes it when the page goes); the shell's after
  // it, so a page without a title of its own still has one.
  if (title) html = html.replace(/<title>[^<]*<\/title>/, (shell) => `${title}\n    ${shell}`);
  return html;
}
