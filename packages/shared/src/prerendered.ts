import type { Language } from './language.ts';

/** The public pages rendered ahead of time at build, for visitors, in every language. */
export const PRERENDERED_PAGES = ['/', '/pricing', '/login', '/discover', '/terms-of-use', '/privacy-policy', '/refund-policy', '/subscription-terms'] as const;

const PAGES: ReadonlySet<string> = new Set(PRERENDERED_PAGES);

export function isPrerenderedPage(path: string): boolean {
  return PAGES.has(path);
}

/** Where a page (or, for null, the empty shell every other page starts from) is, inside the web build. */
export function prerenderedFile(language: Language, path: string | null): string {
  const name = path === null ? 'shell' : path === '/' ? 'index' : path.slice(1);
  return `prerendered/${language}/${name}.html`;
}

/** The web app manifest of an interface language (apps/web/public/manifest.<language>.webmanifest): its name, `lang` and `dir`. */
export function manifestOf(language: Language): string {
  return `/manifest.${language}.webmanifest`;
}

/**
 * The id of the template at the end of a prerendered page's body that holds the module preloads of
 * the page's own code, which the app puts in the head when it starts.
 */
export const PAGE_PRELOADS_ID = 'page-preloads';

/**
 * The id of the template that tells the app what a prerendered page was written with: `data-formats`,
 * the formatted numbers and dates (JSON), which the app reads instead of formatting them again while
 * it hydrates; `data-parts`, how many parts of it hydrate apart, which the app waits for. A page
 * rendered for a member also has `data-rendered-at` (the clock its relative times were written by)
 * and `data-time-zone` (the zone its times were written in).
 */
export const PAGE_STATE_ID = 'page-state';

/**
 * The one script a prerendered page carries inline, first in its head: until the app has taken the
 * page over, a click on a button, a link, a box or a label has nothing to answer it, and the entry
 * script may still be on its way. This holds such clicks from the first paint on; the app stops it and
 * does them again once it has hydrated (main.tsx). Inline, so the content security policy names its
 * hash (apps/server/src/plugins/security.ts); plain old JavaScript, as it runs before anything else.
 */
export const EARLY_CLICKS_SCRIPT =
  '(function(){var held=[];function hold(e){' +
  "var t=e.target instanceof Element?e.target.closest('button, a[href], input, label, [role=\"button\"]'):null;" +
  'if(!t||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey)return;' +
  'e.preventDefault();e.stopPropagation();held.push(t)}' +
  "document.addEventListener('click',hold,true);" +
  "window.earlyClicks={held:held,stop:function(){document.removeEventListener('click',hold,true)}}})()";

/**
 * The pages a signed-in member lives in, rendered by the server per request with their session
 * (apps/server/src/plugins/member-pages.ts): a community's page and a course's learning view.
 */
const MEMBER_PAGES = [/^\/community\/[^/]+$/, /^\/course\/[^/]+$/];

export function isMemberPage(path: string): boolean {
  return MEMBER_PAGES.some((page) => page.test(path));
}

/**
 * The id of the `<script type="application/json">` of a page rendered for a member: the query cache
 * the page was rendered from (superjson), which the app starts from instead of asking again. Data,
 * not script: the content security policy allows no other inline script.
 */
export const PAGE_DATA_ID = 'page-data';

/**
 * The browser's time zone, which the app writes into this cookie as it starts (lib/time-zone.ts): a
 * member's page is rendered by the server only when it knows it, so its times read as the browser's.
 * Its value is the zone and the clock's offset from UTC when it was written (`Europe/Paris|-60`,
 * minutes as `Date#getTimezoneOffset` counts them), so the browser can tell at no cost whether to
 * look its zone up again (a journey, summer time): finding the zone builds a date formatter, the
 * browser's first costing a phone a long task. A cookie written before the offset was kept names the
 * zone alone.
 */
export const TIME_ZONE_COOKIE = 'tz';

/** The cookie's value for a zone and the offset the clock had. */
export function timeZoneCookieValue(zone: string, offset: number): string {
  return encodeURIComponent(`${zone}|${offset}`);
}

/** The zone the cookie header names and the offset it was written at (null when it does not say), if any. */
export function readTimeZoneCookie(cookieHeader: string | undefined): { zone: string; offset: number | null } | undefined {
  const match = /(?:^|;\s*)tz=([^;]*)/.exec(cookieHeader ?? '');
  if (!match) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const [zone = '', offset] = value.split('|');
  if (!zone) return undefined;
  return { zone, offset: offset !== undefined && /^-?\d{1,4}$/.test(offset) ? Number(offset) : null };
}

/** The time zone named by the cookie header, if any (the server checks that it is a zone). */
export function timeZoneCookie(cookieHeader: string | undefined): string | undefined {
  return readTimeZoneCookie(cookieHeader)?.zone;
}
