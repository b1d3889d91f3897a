import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EARLY_CLICKS_SCRIPT } from '@app/shared/prerendered';
import {
  countProfiles,
  DAY_MS,
  EVIL_ORIGIN,
  fetchMe,
  profileByEmail,
  PUBLIC_URL,
  SESSION_DAYS,
  sessionCookieOf,
  sessionIdOf,
  sessionRow,
  setCookieLine,
  setSessionExpiry,
  signIn,
  tryWebSocket,
  uniqueEmail,
  useServer,
} from './testing/index.ts';

const server = useServer();

describe('health', () => {
  it('GET /healthz answers 200 {ok:true} once the database answers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('content security policy', () => {
  it('allows scripts from the site itself and one inline script, the one holding early clicks, by its hash', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    const scripts = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    const hash = createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64');
    expect(scripts).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it("sends helmet's headers on every answer (an API call, a 404 too), HSTS and upgrades only over https", async () => {
    const expected = {
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
    };
    for (const url of ['/healthz', '/trpc/profiles.me', '/api/no-such-thing']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
    const https = await server.extraApp({ PUBLIC_URL: 'https://community.example' });
    const secure = await https.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('sessions', () => {
  it('sign-in sets an HttpOnly, SameSite=Lax `session` cookie for the whole site, not Secure over http', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(200);
    const line = setCookieLine(res, 'session');
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(new RegExp(`; Max-Age=${SESSION_DAYS * 86_400}`));
    expect(line).not.toMatch(/Secure/);
  });

  it('the cookie is Secure when PUBLIC_URL is https', async () => {
    const app = await server.extraApp({ PUBLIC_URL: 'https://community.example' });
    const res = await app.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(200);
    const line = setCookieLine(res, 'session');
    expect(line).toMatch(/; HttpOnly(;|$)/);
    expect(line).toMatch(/; SameSite=Lax(;|$)/);
    expect(line).toMatch(/; Secure(;|$)/);
  });

  it('the cookie is Secure in production, even behind an http PUBLIC_URL', async () => {
    const app = await server.extraApp({ NODE_ENV: 'production' });
    // Production has no dev sign-in; a refused cookie is answered with a blank one of the same kind.
    const res = await app.inject({ method: 'GET', url: '/trpc/profiles.me', headers: { cookie: 'session=forged' } });
    expect(res.statusCode).toBe(200);
    expect(setCookieLine(res, 'session')).toMatch(/^session=;.*; Secure(;|$)/);
  });

  it('profiles.me over HTTP returns the signed-in profile and null without a cookie', async () => {
    const email = uniqueEmail('me');
    const cookie = await signIn(server.app, email, { name: 'Maria Lopez' });
    const me = await fetchMe(server.app, cookie);
    expect(me.status).toBe(200);
    expect(me.data).toMatchObject({ email, fullName: 'Maria Lopez', username: expect.stringMatching(/^me\d+_\d{6}$/) });
    expect(me.data?.id).toBe((await profileByEmail(server.database, email))?.id);
    // A session that is not past half its life is not re-sent.
    expect(sessionCookieOf(me.res)).toBeUndefined();

    const anonymous = await fetchMe(server.app);
    expect(anonymous.status).toBe(200);
    expect(anonymous.res.json()).toEqual({ result: { data: { json: null } } });
  });

  it('each sign-in issues a fresh session id and ends the session the browser sent', async () => {
    const email = uniqueEmail();
    const first = await signIn(server.app, email);
    const second = await signIn(server.app, email, { cookie: first });
    expect(second).not.toBe(first);
    expect(await sessionRow(server.database, sessionIdOf(first))).toBeNull();
    expect((await fetchMe(server.app, first)).data).toBeNull();
    expect((await fetchMe(server.app, second)).data?.email).toBe(email);
  });

  it('a forged cookie gets null and a blank Set-Cookie', async () => {
    const me = await fetchMe(server.app, 'session=forgedforgedforgedforgedforged');
    expect(me.status).toBe(200);
    expect(me.data).toBeNull();
    expect(sessionCookieOf(me.res)?.value).toBe('');
    expect(setCookieLine(me.res, 'session')).toMatch(/Max-Age=0/);
  });

  it('an expired session gets null, a blank cookie, and its row is removed', async () => {
    const cookie = await signIn(server.app);
    await setSessionExpiry(server.database, sessionIdOf(cookie), new Date(Date.now() - 60_000));
    const me = await fetchMe(server.app, cookie);
    expect(me.data).toBeNull();
    expect(sessionCookieOf(me.res)?.value).toBe('');
    expect(await sessionRow(server.database, sessionIdOf(cookie))).toBeNull();
  });

  it('the old cookie is refused after POST /auth/sign-out', async () => {
    const cookie = await signIn(server.app);
    const out = await server.app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(sessionCookieOf(out)?.value).toBe('');
    expect(await sessionRow(server.database, sessionIdOf(cookie))).toBeNull();
    expect((await fetchMe(server.app, cookie)).data).toBeNull();
  });

  it('a session past half its life is renewed with a new Set-Cookie (sliding expiry)', async () => {
    const cookie = await signIn(server.app);
    const id = sessionIdOf(cookie);
    await setSessionExpiry(server.database, id, new Date(Date.now() + DAY_MS));
    const me = await fetchMe(server.app, cookie);
    expect(me.data).not.toBeNull();
    const renewed = sessionCookieOf(me.res);
    expect(renewed?.value).toBe(id);
    expect(setCookieLine(me.res, 'session')).toMatch(new RegExp(`Max-Age=${SESSION_DAYS * 86_400}`));
    const row = await sessionRow(server.database, id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * DAY_MS);
  });
});

describe('cross-origin protection', () => {
  it('refuses a POST from a foreign Origin to /auth/sign-out and to tRPC, and the session survives', async () => {
    const cookie = await signIn(server.app);
    const headers = { cookie, origin: EVIL_ORIGIN };
    const out = await server.app.inject({ method: 'POST', url: '/auth/sign-out', headers });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toEqual({ message: 'Cross-origin request refused.' });
    expect(sessionCookieOf(out)).toBeUndefined();
    const trpc = await server.app.inject({ method: 'POST', url: '/trpc/profiles.me', headers, payload: {} });
    expect(trpc.statusCode).toBe(403);
    expect(await sessionRow(server.database, sessionIdOf(cookie))).not.toBeNull();
    expect((await fetchMe(server.app, cookie)).data).not.toBeNull();
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const cookie = await signIn(server.app);
    const out = await server.app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(out.statusCode).toBe(403);
    expect((await fetchMe(server.app, cookie)).data).not.toBeNull();
  });

  it('lets a same-origin POST through', async () => {
    const cookie = await signIn(server.app);
    const out = await server.app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { cookie, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(200);
    expect((await fetchMe(server.app, cookie)).data).toBeNull();
  });

  it('refuses a WebSocket upgrade from a foreign Origin and accepts our own', async () => {
    const app = await server.extraApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const url = `ws://127.0.0.1:${port}/trpc`;
    expect(await tryWebSocket(url, EVIL_ORIGIN)).toEqual({ outcome: 'refused', status: 403, closedByServer: true });
    expect(await tryWebSocket(url, PUBLIC_URL)).toEqual({ outcome: 'open' });
  });
});

describe('request limits', () => {
  it('answers a flood of batched calls with 400', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/trpc/${'profiles.me,'.repeat(1000)}?batch=1` });
    expect(res.statusCode).toBe(400);
  });

  it('answers the 4th sign-in within a minute with 429 and Retry-After when the limit is 3', async () => {
    const app = await server.extraApp({ AUTH_RATE_LIMIT_MAX: '3' });
    // Counters are shared by every app on the database: an address of its own (loopback, as the stand-in requires) keeps the other tests' sign-ins out of this count.
    const attempt = () => app.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email: uniqueEmail() }, remoteAddress: '127.0.0.3' });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
    const before = await countProfiles(server.database);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookieOf(limited)).toBeUndefined();
    expect(await countProfiles(server.database)).toBe(before);
  });

  it('answers an unknown /api path with a JSON 404, while other pages get the web app', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toEqual({ message: 'Not found' });
    const page = await server.app.inject({ method: 'GET', url: '/community/anything', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});

describe('dev sign-in stand-in', () => {
  it('GET /auth/google without Google credentials redirects to the stand-in, keeping returnTo', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/auth/google?returnTo=%2Fcommunity%2Fx' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/dev?returnTo=%2Fcommunity%2Fx');
    const page = await server.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="/community/x"');
  });

  it('refuses a bad e-mail with 400 and creates no profile', async () => {
    const before = await countProfiles(server.database);
    const json = await server.app.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email: 'not-an-email' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Please enter a valid email.' });
    const form = await server.app.inject({
      method: 'POST',
      url: '/auth/dev/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nope&returnTo=%2Fsomewhere',
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('Please enter a valid email.');
    expect(sessionCookieOf(json)).toBeUndefined();
    expect(sessionCookieOf(form)).toBeUndefined();
    expect(await countProfiles(server.database)).toBe(before);
  });

  it('a form post signs in and redirects 303 to returnTo; an unsafe returnTo falls back to /', async () => {
    const post = (email: string, returnTo: string) =>
      server.app.inject({
        method: 'POST',
        url: '/auth/dev/sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, name: '', returnTo }).toString(),
      });
    const email = uniqueEmail('Form.User');
    const ok = await post(email, '/community/x?tab=posts');
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/community/x?tab=posts');
    expect(sessionCookieOf(ok)?.value).toBeTruthy();
    expect(await profileByEmail(server.database, email)).toMatchObject({ fullName: 'New User' });

    const evil = await post(uniqueEmail(), '//evil.example');
    expect(evil.statusCode).toBe(303);
    expect(evil.headers.location).toBe('/');
  });

  it('is not served in production without Google credentials', async () => {
    const app = await server.extraApp({ NODE_ENV: 'production' });
    const before = await countProfiles(server.database);
    expect((await app.inject({ method: 'GET', url: '/auth/dev' })).statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email: uniqueEmail() } });
    expect(post.statusCode).toBe(404);
    expect(sessionCookieOf(post)).toBeUndefined();
    expect(await countProfiles(server.database)).toBe(before);
    const google = await app.inject({ method: 'GET', url: '/auth/google' });
    expect(google.statusCode).toBe(302);
    expect(google.headers.location).toBe('/login?error=provider');
  });
});
