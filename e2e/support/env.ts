/**
 * What the global setup (in Vitest's own process) and the tests share. Nothing here may call
 * Vitest's `inject`: the global setup imports it before any test runs.
 */

/** Debian's Chromium; playwright cannot download browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell: the same Chromium build in its lighter headless mode (what
 * Playwright itself runs headless tests in), a quarter less CPU per journey. Tests that need the
 * full browser (notifications, web push, installing the app) and the screenshot galleries, whose
 * baselines it drew, launch CHROMIUM_PATH instead.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Whoever signs in with this address is a platform admin of the e2e app (removes any feedback, records payouts). */
export const ADMIN_EMAIL = 'admin@e2e.test';
