import { TIME_ZONE_COOKIE } from '@app/shared/prerendered';

const YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Tells the server the browser's time zone, in a cookie: the member's pages it renders write their
 * times in it (apps/server/src/plugins/member-pages.ts), and without it it renders none. Asked for
 * when the browser is idle, after the page has come alive: finding the zone builds a date formatter,
 * the browser's first costing it its calendar data.
 */
export function rememberTimeZone() {
  const remember = () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  };
  if ('requestIdleCallback' in window) requestIdleCallback(remember, { timeout: 10_000 });
  else setTimeout(remember, 1_000);
}
