import { timingSafeEqual } from 'node:crypto';
import { signInIdentity } from '@app/api/server';
import { safeReturnPath } from '@app/shared/paths';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { GoogleConfig } from '../env.ts';
import { signInFailed, startSession } from '../plugins/session.ts';

const COOKIE_STATE = 'oauth_state';
const COOKIE_VERIFIER = 'oauth_verifier';
const COOKIE_RETURN = 'oauth_return';
const SCOPES = ['openid', 'email', 'profile'];

interface GoogleClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** Google sign-in: authorization code with PKCE, state in short-lived cookies, a verified ID token. */
export async function googleRoutes(app: FastifyInstance, opts: { google: GoogleConfig; limited: RouteShorthandOptions }) {
  const { google, limited } = opts;
  const redirectUri = `${app.config.publicUrl}/auth/google/callback`;
  const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl));
  const cookieOptions = {
    path: '/auth/google',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https:') || app.config.env === 'production',
    maxAge: 600,
  };

  app.get('/auth/google', limited, async (req, reply) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(google.authorizationEndpoint, state, CodeChallengeMethod.S256, verifier, SCOPES);
    url.searchParams.set('prompt', 'select_account');
    reply.setCookie(COOKIE_STATE, state, cookieOptions);
    reply.setCookie(COOKIE_VERIFIER, verifier, cookieOptions);
    reply.setCookie(COOKIE_RETURN, safeReturnPath((req.query as { returnTo?: unknown }).returnTo), cookieOptions);
    return reply.redirect(url.toString());
  });

  app.get('/auth/google/callback', limited, async (req, reply) => {
    const query = req.query as { code?: string; state?: string; error?: string };
    const storedState = req.cookies[COOKIE_STATE];
    const verifier = req.cookies[COOKIE_VERIFIER];
    const returnTo = safeReturnPath(req.cookies[COOKIE_RETURN]);
    for (const name of [COOKIE_STATE, COOKIE_VERIFIER, COOKIE_RETURN]) reply.clearCookie(name, { path: cookieOptions.path });

    if (query.error) return signInFailed(reply, 'provider');
    if (!query.code || !query.state || !storedState || !verifier || !sameString(query.state, storedState)) {
      return signInFailed(reply, 'state');
    }

    let claims: GoogleClaims;
    try {
      const tokens = await client.validateAuthorizationCode(google.tokenEndpoint, query.code, verifier);
      const verified = await jwtVerify<GoogleClaims>(tokens.idToken(), jwks, {
        issuer: google.issuers,
        audience: google.clientId,
        requiredClaims: ['sub', 'exp'],
      });
      claims = verified.payload;
    } catch (error) {
      req.log.warn({ err: error }, 'Google sign-in: code exchange or ID token check failed');
      return signInFailed(reply, 'token');
    }
    if (claims.email_verified !== true || !claims.email || !claims.sub) return signInFailed(reply, 'unverified');

    try {
      const { userId } = await signInIdentity(app.database.db, {
        provider: 'google',
        providerAccountId: claims.sub,
        email: claims.email,
        name: claims.name,
        picture: claims.picture,
      });
      await startSession(app, req, reply, userId);
    } catch (error) {
      req.log.error({ err: error }, 'Google sign-in: profile creation failed');
      return signInFailed(reply, 'profile');
    }
    return reply.redirect(returnTo);
  });
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
