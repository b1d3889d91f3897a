import { AppError, createLucia, createSessionCache, endSession, rememberInterfaceLanguage, SIGNED_IN_MESSAGE } from '@app/api/server';
import { DELETION_MESSAGES } from '@app/shared/deletion';
import { languageCookie } from '@app/shared/language';
import type { SignInErrorCode } from '@app/shared/auth';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Cookie, Session, User } from 'lucia';

export interface RequestAuth {
  session: Session | null;
  user: User | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's session and user. Read at most once per request, when first asked for; a
     * renewed (sliding) session cookie, or a blank one for an ended session, is set on the reply.
     */
    auth(): Promise<RequestAuth>;
  }
}

/** The same reader by the Node request, for tRPC's WebSocket handler, which is handed only the raw upgrade request. */
const byRawRequest = new WeakMap<IncomingMessage, () => Promise<RequestAuth>>();

/** The session of a request, whether Fastify's or the raw Node request under it. */
export function authOf(req: FastifyRequest | IncomingMessage): Promise<RequestAuth> {
  const read = 'raw' in req ? req.auth : byRawRequest.get(req);
  if (!read) throw new Error('The session plugin did not see this request');
  return read();
}

/**
 * Sessions, in one place: lucia on the app (its reads kept a while per process, session-cache.ts),
 * and `req.auth()` on every request (HTTP routes, the tRPC context and the WebSocket upgrade alike).
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const secureCookies = app.config.env === 'production' || app.config.publicUrl.startsWith('https:');
  // The sessions this process read lately, forgotten as they end or their person changes (session-cache.ts).
  const cache = createSessionCache(app.live);
  app.addHook('onClose', async () => cache.stop());
  app.decorate('lucia', createLucia(app.database.db, { secureCookies, sessionDays: app.config.sessionDays, cache }));
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);
  app.addHook('onRequest', (req, reply, done) => {
    let read: Promise<RequestAuth> | null = null;
    req.auth = () => {
      read ??= readSession(app, req.headers.cookie).then(({ session, user, cookie }) => {
        if (cookie && !reply.sent) sendCookie(reply, cookie);
        return { session, user };
      });
      return read;
    };
    // Only a WebSocket's context is made from the raw request.
    if (req.headers.upgrade !== undefined) byRawRequest.set(req.raw, req.auth);
    done();
  });
});

async function readSession(app: FastifyInstance, cookieHeader: string | undefined): Promise<RequestAuth & { cookie: Cookie | null }> {
  const id = app.lucia.readSessionCookie(cookieHeader ?? '');
  if (!id) return { session: null, user: null, cookie: null };
  const { session, user } = await app.lucia.validateSession(id);
  if (!session) return { session: null, user: null, cookie: app.lucia.createBlankSessionCookie() };
  // E-mails are written in the interface language last used (the language picker's cookie).
  await rememberInterfaceLanguage(app.database.db, user, languageCookie(cookieHeader));
  return { session, user, cookie: session.fresh ? app.lucia.createSessionCookie(session.id) : null };
}

/**
 * The caller of an HTTP route that needs someone signed in, held to what `protectedProcedure` holds
 * a procedure to: UNAUTHORIZED when signed out, FORBIDDEN when their account is closed (a closed
 * account signed in again may only see and restore it, through tRPC). Refusals are domain errors,
 * answered by the error handler.
 */
export async function signedInUser(req: FastifyRequest): Promise<User> {
  const { user } = await req.auth();
  if (!user) throw new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE);
  if (user.closedAt) throw new AppError('FORBIDDEN', DELETION_MESSAGES.closed);
  return user;
}

export function sendCookie(reply: FastifyReply, cookie: Cookie): void {
  reply.setCookie(cookie.name, cookie.value, cookie.attributes);
}

/** Signs `userId` in with a fresh session id, ending whatever session the browser had. */
export async function startSession(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, userId: string) {
  const previous = app.lucia.readSessionCookie(req.headers.cookie ?? '');
  if (previous) await endSession(app.database.db, previous);
  const session = await app.lucia.createSession(userId, {});
  sendCookie(reply, app.lucia.createSessionCookie(session.id));
  return session;
}

/** A sign-in that did not succeed (Google's or the local one): back to the login page, which says why. */
export function signInFailed(reply: FastifyReply, code: SignInErrorCode) {
  return reply.redirect(`/login?error=${code}`);
}
