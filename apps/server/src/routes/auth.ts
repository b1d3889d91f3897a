import { endSession, isAppError, signInIdentity } from '@app/api/server';
import { devSignInInput } from '@app/shared/auth';
import { safeReturnPath } from '@app/shared/paths';
import type { FastifyInstance } from 'fastify';
import { sendCookie, signInFailed, startSession } from '../plugins/session.ts';
import { devSignInPage } from '../views/dev-sign-in-page.ts';
import { googleRoutes } from './google.ts';

export async function authRoutes(app: FastifyInstance) {
  const limited = { onRequest: app.rateLimit('auth:sign-in', { by: 'address' }) };
  const devSignIn = app.standIns.signIn;
  // Only this computer may use the stand-in (unless UNSAFE_LOCAL_STAND_INS): see plugins/stand-ins.ts.
  const localOnly = { preHandler: app.standIns.localOnly };

  if (app.config.google) {
    await app.register(googleRoutes, { google: app.config.google, limited });
  } else {
    // 'Sign in with Google' without credentials: the local stand-in outside production, else a clear failure.
    app.get('/auth/google', limited, async (req, reply) => {
      const returnTo = safeReturnPath((req.query as { returnTo?: unknown }).returnTo);
      if (!devSignIn) {
        req.log.error('Google sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
        return signInFailed(reply, 'provider');
      }
      return reply.redirect(`/auth/dev?returnTo=${encodeURIComponent(returnTo)}`);
    });
  }

  if (devSignIn) {
    app.get('/auth/dev', localOnly, async (req, reply) => {
      const returnTo = safeReturnPath((req.query as { returnTo?: unknown }).returnTo);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(devSignInPage(returnTo));
    });

    app.post('/auth/dev/sign-in', { ...limited, ...localOnly }, async (req, reply) => {
      const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const parsed = devSignInInput.safeParse(normalizeForm(req.body));
      if (!parsed.success) {
        const message = parsed.error.issues.map((i) => i.message).join(' ');
        const returnTo = safeReturnPath((req.body as { returnTo?: unknown } | undefined)?.returnTo);
        if (isForm) return reply.code(400).type('text/html; charset=utf-8').send(devSignInPage(returnTo, message));
        return reply.code(400).send({ message });
      }
      const { email, name, picture, returnTo } = parsed.data;
      let userId: string;
      try {
        ({ userId } = await signInIdentity(app.database.db, { provider: 'dev', providerAccountId: email.toLowerCase(), email, name, picture }));
      } catch (error) {
        // Refused (an e-mail of a profile that signs in with Google): say so, sign nobody in.
        if (!isAppError(error) || error.status >= 500) throw error;
        if (isForm) return reply.code(error.status).type('text/html; charset=utf-8').send(devSignInPage(safeReturnPath(returnTo), error.message));
        return reply.code(error.status).send({ message: error.message });
      }
      await startSession(app, req, reply, userId);
      if (isForm) return reply.redirect(safeReturnPath(returnTo), 303);
      return reply.send({ userId });
    });
  }

  app.post('/auth/sign-out', { onRequest: app.rateLimit('auth:sign-out') }, async (req, reply) => {
    const { session } = await req.auth();
    if (session) await endSession(app.database.db, session.id);
    sendCookie(reply, app.lucia.createBlankSessionCookie());
    return reply.send({ ok: true });
  });
}

/** Form posts carry empty strings for blank optional fields; treat them as absent. */
function normalizeForm(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== ''));
}
