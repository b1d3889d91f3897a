import { readTimeZoneCookie, TIME_ZONE_COOKIE, timeZoneCookieValue } from '@app/shared/prerendered';

const YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Tells the server the browser's time zone, in a cookie: the member's pages it renders write their
 * times in it (apps/server/src/plugins/member-pages.ts), and without it it renders none. Finding the
 * zone builds a date formatter, the browser's first costing it its calendar data (a long task on a
 * phone): it is asked for only when the cookie is missing or the clock's offset from UTC has changed
 * since it was written (a journey, or the change to summer time; the cookie says which offset it was
 * written at), and when the browser is idle.
 */
export function rememberTimeZone() {
  const offset = new Date().getTimezoneOffset();
  if (readTimeZoneCookie(document.cookie)?.offset === offset) return;
  const remember = () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${timeZoneCookieValue(zone, offset)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  };
  if ('requestIdleCallback' in window) requestIdleCallback(remember, { timeout: 10_000 });
  else setTimeout(remember, 1_000);
}
