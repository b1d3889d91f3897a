import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { baseUrl, closeAfterEach, launchBrowser, newPage, VIEWPORTS, type BrowserKind, type ContextOptions, type Viewport } from './browser.ts';
import { createCommunityViaApi, joinViaApi, uniqueCommunityName, type CommunityFields, type CreatedCommunity } from './communities.ts';
import { ADMIN_EMAIL } from './env.ts';
import { callTrpc } from './trpc.ts';

/**
 * People for browser tests: signing in through the app's local Google stand-in (or signing up with
 * no browser), and `usePeople()`, which gives a test file one browser and the people, visitors and
 * communities its tests need, and closes each test's pages when it ends.
 */

let counter = 0;
export function uniqueEmail(prefix = 'person') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Signs in through the UI: Login screen → 'Sign in with Google' → the local stand-in page. */
export async function signInThroughUi(page: Page, email: string, name?: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/auth\/dev/);
  await page.getByLabel('E-mail').fill(email);
  if (name) await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).isVisible(), { timeout: 15_000 }).toBe(true);
}

/** Signs someone up without a browser, through the local sign-in stand-in's JSON answer; returns their id. */
export async function signUp(email: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/auth/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { userId: string }).userId;
}

/** The signed-in user's id and username (profiles.me). */
export async function whoAmI(page: Page): Promise<{ id: string; username: string }> {
  const me = await callTrpc<{ id: string; username: string } | null>(page, 'profiles.me', undefined, 'query');
  if (!me) throw new Error('Nobody is signed in on this page.');
  return { id: me.id, username: me.username };
}

/** Someone signed in, in a browser context of their own: `name` is the one they gave, if any. */
export interface Person<N extends string | undefined = string | undefined> {
  context: BrowserContext;
  page: Page;
  id: string;
  username: string;
  name: N;
}

/**
 * Signs a browser context in through the local stand-in's JSON answer, which sets the session cookie
 * the context's pages share (`page.request` and the browser keep one cookie jar). The page stays
 * blank: the test opens what it needs. Signing in through the screens is `signInThroughUi`, which the
 * sign-in journeys use; every other test skips its two page loads per person.
 */
export async function signInThroughApi(page: Page, email: string, name?: string) {
  const res = await page.request.post('/auth/dev/sign-in', { data: { email, ...(name ? { name } : {}) } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs someone in in a browser context of their own, its page still blank. `prefix` starts a fresh
 * e-mail address, unless it is one (contains '@'); without `name` the stand-in picks one from the e-mail.
 */
export async function signedInPerson<N extends string | undefined>(
  browser: Browser,
  prefix: string,
  name?: N,
  viewport: Viewport = VIEWPORTS.desktop,
  options: ContextOptions = {},
): Promise<Person<N>> {
  const { context, page } = await newPage(browser, viewport, options);
  await signInThroughApi(page, prefix.includes('@') ? prefix : uniqueEmail(prefix), name);
  return { context, page, ...(await whoAmI(page)), name: name as N };
}

/** Who `communityWith` signs in: the e-mail's prefix, the name, and optionally the viewport and browser options. */
export type Who = readonly [prefix: string, name: string, viewport?: Viewport, options?: ContextOptions];

/**
 * One browser for a test file (launched before its tests, closed after them; `kind` 'full' for the
 * whole browser, see launchBrowser), and in it:
 * - `person(prefix, name?, viewport?, options?)`: someone signed in (through the stand-in's JSON answer), on a blank page;
 * - `admin()`: the platform admin of the e2e app, signed in the same way;
 * - `visitor(viewport?, options?)`: a signed-out page in a fresh context;
 * - `communityWith(owner, community, ...members)`: a community made through the API by a person
 *   signed in for it, which each member (signed in in turn) joins through the API.
 * Every context these open is closed when the test ends (pages left open, live and re-rendering,
 * slow every later test), after a failed test's evidence is kept.
 */
export function usePeople(kind: BrowserKind = 'shell') {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(kind);
  });
  closeAfterEach(contexts);
  afterAll(async () => {
    await browser?.close();
  });

  async function person<N extends string | undefined = undefined>(prefix: string, name?: N, viewport: Viewport = VIEWPORTS.desktop, options: ContextOptions = {}) {
    const someone = await signedInPerson(browser, prefix, name, viewport, options);
    contexts.push(someone.context);
    return someone;
  }

  async function visitor(viewport: Viewport = VIEWPORTS.desktop, options: ContextOptions = {}) {
    const opened = await newPage(browser, viewport, options);
    contexts.push(opened.context);
    return opened;
  }

  /**
   * `community` is the fields of communities.create (a string: just a unique name that starts with
   * it). A member of a public community is approved at once; of a private one, is left pending.
   */
  async function communityWith<const M extends readonly Who[]>(owner: Who, community: string | CommunityFields, ...members: M) {
    const fields = typeof community === 'string' ? { name: uniqueCommunityName(community) } : community;
    const ownerPerson = await person(...owner);
    const created: CreatedCommunity = await createCommunityViaApi(ownerPerson.page, fields);
    const joined: Person<string>[] = [];
    for (const who of members) {
      const member = await person(...who);
      expect((await joinViaApi(member.page, created.id)).status).toBe(fields.isPrivate ? 'pending' : 'approved');
      joined.push(member);
    }
    return { owner: ownerPerson, community: created, members: joined as { -readonly [K in keyof M]: Person<string> } };
  }

  return { person, visitor, admin: (name = 'Ada Admin') => person(ADMIN_EMAIL, name), communityWith };
}

/** usePeople's `communityWith`, for helpers that make a community of their own. */
export type CommunityWith = ReturnType<typeof usePeople>['communityWith'];
