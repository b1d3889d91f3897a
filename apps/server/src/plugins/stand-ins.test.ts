import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { countProfiles, profileByEmail, sessionCookieOf, uniqueEmail, useServer } from '../testing/index.ts';
import { STAND_IN_REFUSED } from '../views/stand-in-refused-page.ts';
import { isLoopback, standInWarning } from './stand-ins.ts';

const server = useServer();
const STRANGER = '203.0.113.7';

/** The stand-in's sign-in as a form post (what its page sends) or JSON, from `remoteAddress`. */
function devSignIn(app: FastifyInstance, email: string, { remoteAddress = '127.0.0.1', headers = {} as Record<string, string>, form = false } = {}) {
  return app.inject({
    method: 'POST',
    url: '/auth/dev/sign-in',
    remoteAddress,
    headers: form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
    payload: form ? new URLSearchParams({ email, returnTo: '/' }).toString() : { email },
  });
}

/** Expects the refusal: 403, no session, no profile for `email`. */
async function expectRefused(res: Awaited<ReturnType<typeof devSignIn>>, email: string) {
  expect(res.statusCode, res.body).toBe(403);
  expect(sessionCookieOf(res)).toBeUndefined();
  expect(await profileByEmail(server.database, email)).toBeNull();
}

describe('the local sign-in answers this computer only', () => {
  it('refuses GET /auth/dev and POST /auth/dev/sign-in from another computer, creating nothing', async () => {
    const before = await countProfiles(server.database);
    const page = await server.app.inject({ method: 'GET', url: '/auth/dev', remoteAddress: STRANGER, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(STAND_IN_REFUSED.message);
    expect(page.body).not.toContain('<form');

    const email = uniqueEmail('stranger');
    const json = await devSignIn(server.app, email, { remoteAddress: STRANGER });
    await expectRefused(json, email);
    expect(json.json()).toEqual({ message: STAND_IN_REFUSED.message });
    const form = await devSignIn(server.app, email, { remoteAddress: STRANGER, form: true });
    await expectRefused(form, email);
    expect(form.body).toContain(STAND_IN_REFUSED.message);
    // An IPv6 stranger, and one on a private network, are strangers too.
    for (const remoteAddress of ['2001:db8::1', '::ffff:203.0.113.7', '10.0.0.5', '192.168.1.20']) {
      await expectRefused(await devSignIn(server.app, email, { remoteAddress }), email);
    }
    expect(await countProfiles(server.database)).toBe(before);
  });

  it('answers loopback clients: 127.0.0.0/8, ::1 and IPv4-mapped loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await devSignIn(server.app, uniqueEmail('local'), { remoteAddress });
      expect(res.statusCode, `${remoteAddress}: ${res.body}`).toBe(200);
      expect(sessionCookieOf(res)?.value).toBeTruthy();
    }
    expect((await server.app.inject({ method: 'GET', url: '/auth/dev', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('believes forwarding headers only to refuse: a proxy on this computer relaying a stranger is refused', async () => {
    const email = uniqueEmail('proxied');
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': STRANGER },
      { 'x-forwarded-for': `127.0.0.1, ${STRANGER}` },
      { 'x-real-ip': STRANGER },
      { forwarded: `for="[2001:db8::1]:4711";proto=https` },
      { forwarded: 'for=unknown' },
    ];
    for (const headers of relayed) {
      await expectRefused(await devSignIn(server.app, email, { headers }), email);
    }
    // A proxy relaying this computer's own browser (Vite's dev proxy) still works.
    const viaVite = await devSignIn(server.app, email, { headers: { 'x-forwarded-for': '::ffff:127.0.0.1', forwarded: 'for=127.0.0.1:5173' } });
    expect(viaVite.statusCode, viaVite.body).toBe(200);
  });

  it('looks at the socket, not X-Forwarded-For, even when TRUST_PROXY believes it', async () => {
    const proxied = await server.extraApp({ TRUST_PROXY: '1' });
    const email = uniqueEmail('spoof');
    const spoofed = await devSignIn(proxied, email, { remoteAddress: STRANGER, headers: { 'x-forwarded-for': '127.0.0.1' } });
    await expectRefused(spoofed, email);
  });

  it('with UNSAFE_LOCAL_STAND_INS=1 answers every client', async () => {
    const open = await server.extraApp({ UNSAFE_LOCAL_STAND_INS: '1' });
    expect((await open.inject({ method: 'GET', url: '/auth/dev', remoteAddress: STRANGER })).statusCode).toBe(200);
    const res = await devSignIn(open, uniqueEmail('unsafe'), { remoteAddress: STRANGER });
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionCookieOf(res)?.value).toBeTruthy();
  });

  // A real socket: the server on every interface, reached through this machine's own network address.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(!external)('over a real port, refuses a client on the network address and answers one on loopback', async () => {
    const app = await server.extraApp();
    await app.listen({ host: '0.0.0.0', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const email = uniqueEmail('socket');
    const post = (host: string) =>
      fetch(`http://${host}:${port}/auth/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    const remote = await post(external!);
    expect(remote.status).toBe(403);
    expect(remote.headers.getSetCookie()).toEqual([]);
    expect(await profileByEmail(server.database, email)).toBeNull();
    expect((await post('127.0.0.1')).status).toBe(200);
  });
});

describe('the stand-ins configuration', () => {
  it('refuses UNSAFE_LOCAL_STAND_INS in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', UNSAFE_LOCAL_STAND_INS: '1', CHAT_ENCRYPTION_KEY: 'x' })).toThrow(/UNSAFE_LOCAL_STAND_INS cannot be set in production/);
    expect(loadConfig({ UNSAFE_LOCAL_STAND_INS: '1' }).unsafeLocalStandIns).toBe(true);
    expect(loadConfig({}).unsafeLocalStandIns).toBe(false);
  });

  it('warns at start while a stand-in is on, saying who can reach it', () => {
    expect(standInWarning(loadConfig({}))).toMatch(/^LOCAL STAND-INS ARE ON: the local sign-in .* and the local checkout .*this computer only \(loopback/);
    expect(standInWarning(loadConfig({ UNSAFE_LOCAL_STAND_INS: '1', HOST: '0.0.0.0', PORT: '4000' }))).toMatch(/EVERY client that reaches 0\.0\.0\.0:4000 \(UNSAFE_LOCAL_STAND_INS=1\)/);
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(standInWarning(loadConfig(google))).toMatch(/: the local checkout \(paid memberships without payment\)\. /);
    expect(standInWarning(loadConfig({ ...google, POLAR_ACCESS_TOKEN: 't', POLAR_PRODUCT_ID: 'p', POLAR_WEBHOOK_SECRET: 's' }))).toBeNull();
    expect(standInWarning(loadConfig({ NODE_ENV: 'production', CHAT_ENCRYPTION_KEY: 'x' }))).toBeNull();
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:7f00:1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', 'localhost', '128.0.0.1', '10.0.0.1', '::', '::2', '::ffff:10.0.0.1', 'fe80::1%eth0', '1.127.0.0']) expect(isLoopback(address), String(address)).toBe(false);
  });
});
