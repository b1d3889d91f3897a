import { createHash } from 'node:crypto';
import { authAccounts } from '@app/db/schema';
import { AUTH_MESSAGES } from '@app/shared/auth';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  countProfiles,
  fetchMe,
  profileByEmail,
  PUBLIC_URL,
  sessionCookieOf,
  setCookieLine,
  uniqueEmail,
  useServer,
} from '../testing/index.ts';

const CLIENT_ID = 'test-client-id.apps.example';
const oidc = new OAuth2Server();

beforeAll(async () => {
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
});
afterAll(() => oidc.stop());

const server = useServer(() => {
  const url = oidc.issuer.url!;
  return {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'test-client-secret',
    GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
    GOOGLE_TOKEN_URL: `${url}/token`,
    GOOGLE_JWKS_URL: `${url}/jwks`,
    GOOGLE_ISSUER: url,
    PUBLIC_URL,
  };
});

afterEach(() => {
  oidc.service.removeAllListeners('beforeTokenSigning');
});

type Claims = MutableToken['payload'];

/**
 * Sets the ID token's claims for the next sign-in. The mock signs an access token too, and fires
 * the same event for it; the ID token is the one that carries no `scope`.
 */
function idTokenClaims(claims: Record<string, unknown>, edit: (payload: Claims) => void = () => {}) {
  oidc.service.on('beforeTokenSigning', (token: MutableToken) => {
    if ('scope' in token.payload) return;
    Object.assign(token.payload, claims);
    edit(token.payload);
  });
}

function person(label = 'g') {
  return { sub: `google-${label}-${Math.random().toString(36).slice(2)}`, email: uniqueEmail(label), email_verified: true };
}

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/** Step 1: our /auth/google, which sends the browser to the provider. */
async function start(app: FastifyInstance, returnTo = '/somewhere') {
  const res = await app.inject({ method: 'GET', url: `/auth/google?returnTo=${encodeURIComponent(returnTo)}` });
  expect(res.statusCode).toBe(302);
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { res, authorizeUrl: new URL(res.headers.location as string), cookies };
}

/** Step 2: the provider's authorize endpoint, which sends the browser back with code and state. */
async function authorize(authorizeUrl: URL): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** Step 3: our callback, as the browser would call it. */
function callback(app: FastifyInstance, back: URL, cookies: Record<string, string>) {
  return app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: cookieHeader(cookies) } });
}

/** The whole flow, with a chance to tamper with the cookies or the callback's query on the way. */
async function signInWithGoogle(options: { cookies?: (c: Record<string, string>) => Record<string, string>; query?: (q: URLSearchParams) => void } = {}) {
  const { authorizeUrl, cookies } = await start(server.app);
  const back = await authorize(authorizeUrl);
  options.query?.(back.searchParams);
  return callback(server.app, back, options.cookies ? options.cookies(cookies) : cookies);
}

async function expectNobodySignedIn(run: () => Promise<LightMyRequestResponse>, error: string) {
  const before = await countProfiles(server.database);
  const res = await run();
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/login?error=${error}`);
  expect(sessionCookieOf(res)).toBeUndefined();
  expect(await countProfiles(server.database)).toBe(before);
}

describe('Google sign-in against a local OIDC provider', () => {
  it('sends the browser to the provider with state, an S256 challenge and short-lived cookies', async () => {
    const { res, authorizeUrl, cookies } = await start(server.app, '/community/x');
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${oidc.issuer.url}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/google/callback`);
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(q.get('state')).toBe(cookies.oauth_state);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(cookies.oauth_verifier!).digest('base64url'));
    expect(cookies.oauth_return).toBe('/community/x');
    for (const name of ['oauth_state', 'oauth_verifier', 'oauth_return']) {
      const line = setCookieLine(res, name);
      expect(line).toMatch(/; HttpOnly(;|$)/);
      expect(line).toMatch(/; Path=\/auth\/google(;|$)/);
      expect(line).toMatch(/; Max-Age=600(;|$)/);
    }
  });

  it('signs a new person in end to end, creating the profile from the ID token', async () => {
    const who = person('Ana.Silva');
    idTokenClaims({ ...who, name: 'Ana Silva', picture: 'https://images.example/ana.png' });
    const { authorizeUrl, cookies } = await start(server.app, '/somewhere');
    const back = await authorize(authorizeUrl);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/google/callback`);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(cookies.oauth_state);

    const res = await callback(server.app, back, cookies);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/somewhere');
    const session = sessionCookieOf(res);
    expect(session?.value).toBeTruthy();
    // The one-time oauth cookies are cleared.
    expect(res.cookies.find((c) => c.name === 'oauth_state')?.value).toBe('');

    const profile = await profileByEmail(server.database, who.email);
    expect(profile).toMatchObject({ fullName: 'Ana Silva', avatarUrl: 'https://images.example/ana.png' });
    expect(profile!.username).toMatch(/^anasilva\d+_\d{6}$/);
    const links = await server.database.db
      .select()
      .from(authAccounts)
      .where(and(eq(authAccounts.provider, 'google'), eq(authAccounts.providerAccountId, who.sub)));
    expect(links.map((l) => l.userId)).toEqual([profile!.id]);
    expect((await fetchMe(server.app, `session=${session!.value}`)).data?.id).toBe(profile!.id);
  });

  it.each(['/\t/evil.example', '/\n/evil.example', '//evil.example', '/\\evil.example', '/.//evil.example', 'https://evil.example'])(
    'lands on our own origin after sign-in when asked to return to %j',
    async (returnTo) => {
      idTokenClaims(person('Returning.Visitor'));
      const { authorizeUrl, cookies } = await start(server.app, returnTo);
      const res = await callback(server.app, await authorize(authorizeUrl), cookies);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    },
  );

  it('signs the same Google account in again without creating anything', async () => {
    const who = person();
    idTokenClaims(who);
    const first = await signInWithGoogle();
    const before = await countProfiles(server.database);
    oidc.service.removeAllListeners('beforeTokenSigning');
    idTokenClaims({ ...who, email: who.email.toUpperCase() });
    const second = await signInWithGoogle();
    expect(second.headers.location).toBe('/somewhere');
    expect(sessionCookieOf(second)?.value).toBeTruthy();
    expect(sessionCookieOf(second)?.value).not.toBe(sessionCookieOf(first)?.value);
    expect(await countProfiles(server.database)).toBe(before);
    const me = await fetchMe(server.app, `session=${sessionCookieOf(second)!.value}`);
    expect(me.data?.email).toBe(who.email);
  });

  it('refuses a callback whose state differs from the cookie', async () => {
    idTokenClaims(person());
    await expectNobodySignedIn(() => signInWithGoogle({ query: (q) => q.set('state', 'not-the-state') }), 'state');
  });

  it('refuses a callback without the state cookie', async () => {
    idTokenClaims(person());
    await expectNobodySignedIn(() => signInWithGoogle({ cookies: ({ oauth_state: _, ...rest }) => rest }), 'state');
  });

  it('refuses a callback with another PKCE verifier (the provider rejects the exchange)', async () => {
    idTokenClaims(person());
    const { cookies: other } = await start(server.app);
    await expectNobodySignedIn(() => signInWithGoogle({ cookies: (c) => ({ ...c, oauth_verifier: other.oauth_verifier! }) }), 'token');
  });

  it('refuses an ID token issued to another client', async () => {
    idTokenClaims(person(), (p) => {
      p.aud = 'someone-else.apps.example';
    });
    await expectNobodySignedIn(() => signInWithGoogle(), 'token');
  });

  it('refuses an ID token from another issuer', async () => {
    idTokenClaims(person(), (p) => {
      p.iss = 'https://evil.example';
    });
    await expectNobodySignedIn(() => signInWithGoogle(), 'token');
  });

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    idTokenClaims(person(), (p) => {
      p.iat = now - 7200;
      p.nbf = now - 7200;
      p.exp = now - 3600;
    });
    await expectNobodySignedIn(() => signInWithGoogle(), 'token');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    idTokenClaims({ ...person(), email_verified: false });
    await expectNobodySignedIn(() => signInWithGoogle(), 'unverified');
  });

  it('reports an error sent back by the provider', async () => {
    idTokenClaims(person());
    await expectNobodySignedIn(
      () =>
        signInWithGoogle({
          query: (q) => {
            q.delete('code');
            q.set('error', 'access_denied');
          },
        }),
      'provider',
    );
  });

  it("never lets the local stand-in open a profile made through Google (another server on the same database without Google)", async () => {
    const who = person('victim');
    idTokenClaims(who);
    const google = await signInWithGoogle();
    const victim = await profileByEmail(server.database, who.email);
    expect(victim).not.toBeNull();
    expect(sessionCookieOf(google)?.value).toBeTruthy();

    // The same database behind a server whose Google credentials are missing: the stand-in is on.
    const standIn = await server.extraApp({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' });
    const linksBefore = await server.database.db.select().from(authAccounts).where(eq(authAccounts.userId, victim!.id));
    const profilesBefore = await countProfiles(server.database);
    for (const email of [who.email, who.email.toUpperCase()]) {
      const json = await standIn.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email } });
      expect(json.statusCode).toBe(403);
      expect(json.json()).toEqual({ message: AUTH_MESSAGES.localSignInRefused });
      expect(sessionCookieOf(json)).toBeUndefined();
    }
    const form = await standIn.inject({
      method: 'POST',
      url: '/auth/dev/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: who.email, returnTo: '/community/x' }).toString(),
    });
    expect(form.statusCode).toBe(403);
    expect(form.body).toContain('This e-mail belongs to an account that signs in with Google');
    expect(form.body).toContain('value="/community/x"');
    expect(sessionCookieOf(form)).toBeUndefined();
    // Nothing was linked or created, and Google still signs the person in.
    expect(await server.database.db.select().from(authAccounts).where(eq(authAccounts.userId, victim!.id))).toEqual(linksBefore);
    expect(await countProfiles(server.database)).toBe(profilesBefore);
    oidc.service.removeAllListeners('beforeTokenSigning');
    idTokenClaims(who);
    const again = await signInWithGoogle();
    expect((await fetchMe(server.app, `session=${sessionCookieOf(again)!.value}`)).data?.id).toBe(victim!.id);
  });

  it('does not serve the dev stand-in when Google is configured', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/auth/dev' })).statusCode).toBe(404);
    const post = await server.app.inject({ method: 'POST', url: '/auth/dev/sign-in', payload: { email: uniqueEmail() } });
    expect(post.statusCode).toBe(404);
    expect(sessionCookieOf(post)).toBeUndefined();
  });
});
