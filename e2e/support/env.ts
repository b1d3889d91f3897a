/**
 * What the global setup (in Vitest's own process) and the tests share. Nothing here may call
 * Vitest's `inject`: the global setup imports it before any test runs.
 */

/** Debian's Chromium; playwright cannot download browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whoever signs in with this address is a platform admin of the e2e app (removes any feedback, records payouts). */
export const ADMIN_EMAIL = 'admin@e2e.test';
