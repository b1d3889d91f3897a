import { createLucia } from '@app/api/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Cookie, Session, User } from 'lucia';

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const secureCookies = app.config.env === 'production' || app.config.publicUrl.startsWith('https:');
  app.decorate('lucia', createLucia(app.database.db, { secureCookies, sessionDays: app.config.sessionDays }));
});

export interface SessionLookup {
  session: Session | null;
  user: User | null;
  /** A cookie to send back: renewed (sliding expiry) or blank (expired, forged or signed out). */
  cookie: Cookie | null;
}

export async function readSession(app: FastifyInstance, cookieHeader: string | undefined): Promise<SessionLookup> {
  const id = app.lucia.readSessionCookie(cookieHeader ?? '');
  if (!id) return { session: null, user: null, cookie: null };
  const { session, user } = await app.lucia.validateSession(id);
  if (!session) return { session: null, user: null, cookie: app.lucia.createBlankSessionCookie() };
  return { session, user, cookie: session.fresh ? app.lucia.createSessionCookie(session.id) : null };
}

export function sendCookie(reply: FastifyReply, cookie: Cookie): void {
  reply.setCookie(cookie.name, cookie.value, cookie.attributes);
}

/** Signs `userId` in with a fresh session id, ending whatever session the browser had. */
export async function startSession(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, userId: string) {
  const previous = app.lucia.readSessionCookie(req.headers.cookie ?? '');
  if (previous) await app.lucia.invalidateSession(previous);
  const session = await app.lucia.createSession(userId, {});
  sendCookie(reply, app.lucia.createSessionCookie(session.id));
  return session;
}
