import { CallLimits, createRateLimiter, scaledCallLimits, type RateLimiter, type RateLimitName } from '@app/api/server';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The write limits, counted in the database (shared by every server process), as tRPC uses them. */
    rateLimiter: RateLimiter;
    /** The budgets and caps of every tRPC call, socket and subscription, per person and address, shared by every process. */
    callLimits: CallLimits;
    /**
     * A route's `onRequest` hook counting each request against the limit `name`, by the signed-in
     * person (or, for `by: 'address'` and signed-out callers, the client address); over it the
     * request is answered 429 with Retry-After before its body is read.
     */
    rateLimit(name: RateLimitName, options?: { by?: 'user' | 'address' }): onRequestAsyncHookHandler;
  }
}

/**
 * The one rate limiter for tRPC and the Fastify routes that write (sign-in, sign-out, uploads, the
 * local checkout), and the call limits of tRPC (plugins/trpc.ts), shared with the other processes every second.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const limiter = createRateLimiter(app.database.db, {
    scale: app.config.rateLimitScale,
    overrides: { 'auth:sign-in': { max: app.config.authRateLimitMax } },
  });
  app.decorate('rateLimiter', limiter);
  const callLimits = new CallLimits(app.database.db, scaledCallLimits(app.config.rateLimitScale, app.config.addressLimitScale));
  callLimits.start(app.log);
  app.decorate('callLimits', callLimits);
  app.addHook('onClose', () => callLimits.stop().catch((err: unknown) => app.log.error({ err }, 'sharing the last call counts failed')));
  app.decorate('rateLimit', (name: RateLimitName, { by = 'user' }: { by?: 'user' | 'address' } = {}) => {
    return async (req: FastifyRequest) => {
      const user = by === 'user' ? (await req.auth()).user : null;
      await limiter.enforce(name, user ? user.id : `address:${req.ip}`);
    };
  });
});
