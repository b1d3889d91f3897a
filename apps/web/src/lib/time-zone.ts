import { TIME_ZONE_COOKIE, timeZoneCookie } from '@app/shared/prerendered';
import { store } from './storage-keys.ts';

const YEAR_SECONDS = 60 * 60 * 24 * 365;
/** The UTC offset (minutes) the zone in the cookie had when it was written. */
const OFFSET_KEY = 'timeZoneOffset';

/**
 * Tells the server the browser's time zone, in a cookie: the member's pages it renders write their
 * times in it (apps/server/src/plugins/member-pages.ts), and without it it renders none. Finding the
 * zone builds a date formatter, the browser's first costing it its calendar data (a long task on a
 * phone): it is asked for only when the cookie is missing or the clock's offset from UTC has changed
 * since it was written (a journey, or the change to summer time), and when the browser is idle.
 */
export function rememberTimeZone() {
  const offset = String(new Date().getTimezoneOffset());
  if (timeZoneCookie(document.cookie) && store.get(OFFSET_KEY) === offset) return;
  const remember = () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
    store.set(OFFSET_KEY, offset);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(remember, { timeout: 10_000 });
  else setTimeout(remember, 1_000);
}
