import { addressSubject, personSubject, RateLimitedError } from '@app/api/server';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, type RequestAuth } from './session.ts';

/** Sessions whose person this process has met, so a refused request needs no session lookup. */
const KNOWN_SESSIONS = 10_000;

/**
 * How tRPC calls from the network meet the call limits (app.callLimits): an HTTP request's calls are
 * taken from the budgets together, before its session is looked up when the address is over or the
 * session's person is known and over; a WebSocket upgrade counts as a call and an open socket of the
 * person and the address, until the connection closes, however it closes.
 */
export function requestLimits(app: FastifyInstance) {
  const limits = app.callLimits;
  // Session id to person id; only ever used to refuse early (the session itself is still checked).
  const sessionPeople = new Map<string, string>();
  const remember = (sessionId: string, userId: string) => {
    if (sessionPeople.has(sessionId)) return;
    if (sessionPeople.size >= KNOWN_SESSIONS) sessionPeople.delete(sessionPeople.keys().next().value!);
    sessionPeople.set(sessionId, userId);
  };

  /** Takes `calls` from the budgets of the request's address and person, then answers its session; throws RateLimitedError. */
  async function spend(req: FastifyRequest, calls: number): Promise<RequestAuth> {
    const address = addressSubject(req.ip);
    const sessionId = app.lucia.readSessionCookie(req.headers.cookie ?? '');
    const known = sessionId ? sessionPeople.get(sessionId) : undefined;
    // A session met before: its person's budget is taken before the lookup, so concurrent requests cannot all pass.
    if (known) {
      await limits.spend([address, personSubject(known)], calls);
      return authOf(req);
    }
    limits.check([address], calls);
    const auth = await authOf(req);
    if (auth.session) remember(auth.session.id, auth.session.userId);
    await limits.spend(auth.user ? [address, personSubject(auth.user.id)] : [address], calls);
    return auth;
  }

  return {
    /** For tRPC's createContext over HTTP: a refusal becomes TOO_MANY_REQUESTS for every call of the request (429, Retry-After). */
    async spendCalls(req: FastifyRequest, calls: number): Promise<RequestAuth> {
      try {
        return await spend(req, Math.max(1, calls));
      } catch (cause) {
        if (cause instanceof RateLimitedError) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: cause.message, cause });
        throw cause;
      }
    },

    /** For a WebSocket upgrade (the tRPC plugin's `onRequest` hook calls it for those only): over a budget or a cap, answered 429 with Retry-After, and its connection closed. */
    async limitSockets(req: FastifyRequest, reply: FastifyReply) {
      try {
        const { user } = await spend(req, 1);
        const close = await limits.openSocket(user ? [addressSubject(req.ip), personSubject(user.id)] : [addressSubject(req.ip)]);
        if (req.raw.socket.destroyed) close();
        else req.raw.socket.once('close', close);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
      }
    },
  };
}
