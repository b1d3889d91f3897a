import type { IncomingMessage } from 'node:http';
import {
  AppError,
  appRouter,
  isSessionActive,
  sessionActivity,
  liveEncoder,
  RateLimitedError,
  sessionTopic,
  SocketState,
  type AppRouter,
  type Context,
} from '@app/api/server';
import websocket from '@fastify/websocket';
import type { TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions, FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Session } from 'lucia';
import type { WebSocket } from 'ws';
import { requestLimits } from './call-limits.ts';
import { authOf, type RequestAuth } from './session.ts';
import { trpcAdapter } from './trpc-adapter.ts';
import { rateLimitedWebSocket } from './websocket-limits.ts';

/** The most operations one batched request may carry; the web client's batch link uses the same. */
export const MAX_BATCH_SIZE = 20;
/** WebSocket messages are small JSON operations; uploads go over HTTP. */
export const WS_MAX_PAYLOAD = 128 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The tRPC context of `calls` calls made for an HTTP request, as tRPC's HTTP handler makes it: the
     * calls taken from the request's budgets (TOO_MANY_REQUESTS over them), then its session checked.
     */
    trpcContext(req: FastifyRequest, calls: number): Promise<Context>;
  }
}

/** Logs a procedure's failure; a refusal is none (it reaches the caller with its own code), nor is a domain error that ends a subscription. */
export function reportProcedureError(app: FastifyInstance, error: TRPCError, path: string | undefined) {
  if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) app.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
}

export const trpcPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD, WebSocket: rateLimitedWebSocket() } });
  const payments = app.payments;

  // tRPC hands a WebSocket's context only the raw upgrade request: its address is kept from Fastify's.
  const upgradeAddresses = new WeakMap<IncomingMessage, string>();
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.ws) upgradeAddresses.set(req.raw, req.ip);
    done();
  });
  const limits = requestLimits(app);
  // Whether a socket's session still stands, for its subscriptions' re-checks: once per session every few seconds.
  const recentlyActive = sessionActivity(app.database.db);
  // Only upgrades are counted: any other request passes without the promise an async hook costs it.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.ws) return done();
    limits.limitSockets(req, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });

  /** Ends the socket's session on this process when it ends on any (sign-out publishes it), until the socket closes. */
  function watchSessionEnd(ws: WebSocket, session: Session, socket: SocketState) {
    const closed = new AbortController();
    ws.once('close', () => closed.abort());
    void (async () => {
      for await (const _ended of app.live.stream(sessionTopic(session.id), closed.signal)) {
        socket.endSession();
        break;
      }
    })().catch((err: unknown) => app.log.error({ err }, 'watching a WebSocket session failed'));
  }

  // One context for HTTP and WebSocket (made once per socket, from the upgrade request).
  // Over HTTP the request's calls are counted first (a batch as its calls); over a WebSocket, each call as it comes (core/trpc.ts).
  async function createContext({ req, res, info }: CreateFastifyContextOptions): Promise<Context> {
    const overSocket = !('raw' in req);
    if (!overSocket) return httpContext(req, info.calls.length);
    const { session, user } = await authOf(req);
    const socket = new SocketState();
    (res as unknown as WebSocket).once('close', () => socket.close());
    if (session) watchSessionEnd(res as unknown as WebSocket, session, socket);
    return contextOf({ session, user }, upgradeAddresses.get(req as unknown as IncomingMessage) ?? null, socket);
  }

  /** The context of `calls` calls an HTTP request makes: its session, once its calls are taken from the budgets. */
  async function httpContext(req: FastifyRequest, calls: number): Promise<Context> {
    return contextOf(await limits.spendCalls(req, calls), req.ip, null);
  }
  // The member's pages call procedures in-process with it (plugins/member-pages.ts).
  app.decorate('trpcContext', httpContext);

  function contextOf({ session, user }: RequestAuth, clientAddress: string | null, socket: SocketState | null): Context {
    return {
      db: app.database.db,
      database: app.database,
      storage: app.storage,
      payments,
      live: app.live,
      isSessionActive: async (options) => {
        if (!session) return false;
        return options?.recent ? recentlyActive(session.id) : isSessionActive(app.database.db, session.id);
      },
      chatKeys: app.chatKeys,
      webPush: app.webPush,
      rateLimiter: app.rateLimiter,
      callLimits: app.callLimits,
      clientAddress,
      socket,
      session,
      user,
      isAdmin: user !== null && app.config.adminEmails.includes(user.email.toLowerCase()),
    };
  }

  await app.register(trpcAdapter<AppRouter>, {
    base: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      maxBatchSize: MAX_BATCH_SIZE,
      // JSON text frames, with what many subscribers are sent written once (platform/live/encoding.ts).
      experimental_encoder: liveEncoder,
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      // A call over its limit answers 429 with how long to wait (the longest, in a batch).
      responseMeta({ errors }) {
        const waits = errors.flatMap((error) => (error.cause instanceof RateLimitedError ? [error.cause.retryAfterSeconds] : []));
        return waits.length > 0 ? { headers: { 'retry-after': String(Math.max(...waits)) } } : {};
      },
      onError: ({ error, path }) => reportProcedureError(app, error, path),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
});
