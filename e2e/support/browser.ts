import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterEach, describe, expect, inject, type RunnerTestCase } from 'vitest';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './env.ts';

/**
 * The browser itself: launching Chromium, a page in a fresh context (its errors recorded), closing
 * what a test opened and keeping the evidence of a failure, screenshots and small waits.
 */

const screensDir = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));

export const baseUrl = () => inject('baseUrl');

/** `describe` for browser tests: skipped (loudly, in global setup) only when Chromium is missing. */
export const describeBrowser = inject('e2eEnabled') ? describe : describe.skip;

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type Viewport = { width: number; height: number };

/**
 * Which Chromium a test file runs in: 'shell' (the headless shell, the default: lighter) or 'full'
 * (the whole browser: notifications, web push, installing the app, the screenshot galleries). Where
 * the shell is missing (and REQUIRE_E2E=1 is not set: see global-setup.ts), the full browser runs.
 */
export type BrowserKind = 'shell' | 'full';

export async function launchBrowser(kind: BrowserKind = 'shell'): Promise<Browser> {
  return chromium.launch({
    executablePath: kind === 'shell' && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** How a person's browser differs from the default one (the machine's time zone). */
export interface ContextOptions {
  /** Another app than the shared one (a test that starts its own: see app.ts). */
  baseURL?: string;
  /** The browser's time zone, e.g. 'Asia/Tokyo'. */
  timezoneId?: string;
  /** The browser's language (navigator.language and Accept-Language), e.g. 'ar-EG'. */
  locale?: string;
  /**
   * 'allow' lets the app's service worker run. Blocked by default: requests it makes for a page
   * (navigations, the build's files) would pass by the `page.route` handlers other tests set.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** Every open page, with the script errors and console errors it has shown: printed when a test fails. */
const openPages = new Map<Page, string[]>();

/** A fresh browser context (its own cookies and storage) with one page. */
export async function newPage(browser: Browser, viewport: Viewport = VIEWPORTS.desktop, options: ContextOptions = {}) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl(), viewport, serviceWorkers: 'block', ...options });
  // A click or wait that cannot happen fails with its reason instead of running into the test timeout.
  context.setDefaultTimeout(15_000);
  const page: Page = await context.newPage();
  const errors: string[] = [];
  openPages.set(page, errors);
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('close', () => openPages.delete(page));
  waitForMemberPagesToComeAlive(page);
  return { context, page };
}

/**
 * Opening a member's page the server rendered resolves once the app has taken it over (`<html
 * data-alive>`, lib/page-alive.ts), as opening any other page resolves once it is drawn: a click on
 * the HTML before then is held and made again when the page is alive (EARLY_CLICKS_SCRIPT), later
 * than a test checking its effect right away would wait. Pages without the server's data (the shell,
 * the public pages, which their own tests click early on purpose) are not waited for.
 */
function waitForMemberPagesToComeAlive(page: Page) {
  const alive = () =>
    page
      .waitForFunction(() => !document.getElementById('page-data') || document.documentElement.hasAttribute('data-alive'), null, { timeout: 15_000 })
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await alive();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await alive();
    return response;
  };
}

/**
 * The script errors and console errors a page opened with `newPage` has shown since it opened (a
 * failed hydration is one). `failedLoads: false` leaves out the browser's own 'Failed to load
 * resource' lines, for pages that are refused requests they expect to be refused.
 */
export function pageErrors(page: Page, { failedLoads = true } = {}): string[] {
  const errors = openPages.get(page);
  if (!errors) throw new Error('pageErrors: the page was not opened with newPage, or is closed');
  return failedLoads ? [...errors] : errors.filter((error) => !error.startsWith('console: Failed to load resource'));
}

/**
 * Closes the contexts a test opened once it ends (pages left open, live and re-rendering, slow every
 * later test), keeping the evidence of a failure first.
 */
export function closeAfterEach(contexts: BrowserContext[]) {
  afterEach(async ({ task }) => {
    await keepFailureEvidence(task);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
}

const evidenceKept = new WeakSet<RunnerTestCase>();

/**
 * When a browser test has failed: a screenshot of each open page (test-results/failures) and, in
 * the log, its address, the errors it showed and what a screen reader would find on it, so that a
 * failure on a CI machine can be understood without running it again. Once per test.
 */
export async function keepFailureEvidence(test: RunnerTestCase) {
  if (test.result?.state !== 'fail' || evidenceKept.has(test)) return;
  evidenceKept.add(test);
  const testName = test.name;
  const dir = fileURLToPath(new URL('../../test-results/failures/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let index = 0;
  for (const [page, errors] of openPages) {
    index += 1;
    const file = `${dir}${slug}-${index}.png`;
    const shown = await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(
      () => file,
      (error: Error) => `no screenshot: ${error.message}`,
    );
    const outline = await page.locator('body').ariaSnapshot({ timeout: 5_000 }).catch((error: Error) => `no outline: ${error.message}`);
    console.error(
      [`[page ${index}] ${page.url()} (${shown})`, ...errors.slice(-20).map((line) => `  ${line}`), `  outline:\n${outline.slice(0, 4_000)}`].join('\n'),
    );
  }
}

/** Keeps a screenshot for people to look at (test-results/screens, not committed). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: `${screensDir}${name}.png`, fullPage: true });
}

/** Full-page screenshots from the top, so the sticky top bar is drawn where it belongs. */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * How many items a list has once it is on the page. The app renders such lists only after their data
 * has arrived (a loader stands in until then), so this waits for the list itself rather than polling
 * a count that reads 0 for as long as the page is still loading.
 */
export async function loadedItemCount(list: Locator) {
  await list.waitFor();
  return list.getByRole('listitem').count();
}

/** A gate a test holds requests at (in a `page.route` handler) until it lets them through. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Waits for a dialog's opening transition to end. */
export async function settled(dialog: Locator) {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** Marks the page, so a later check (`stillSamePage`) can tell it was never reloaded. */
export const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { e2eTestMark: true }));
export const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { e2eTestMark?: boolean }).e2eTestMark === true);
