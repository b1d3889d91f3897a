import { AppError, appRouter, createPaymentsProvider, type AppRouter, type Context } from '@app/api/server';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type CreateFastifyContextOptions, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from './session.ts';

/** The most operations one batched request may carry; the web client's batch link uses the same. */
export const MAX_BATCH_SIZE = 20;
/** WebSocket messages are small JSON operations; uploads go over HTTP. */
export const WS_MAX_PAYLOAD = 128 * 1024;

export const trpcPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  const payments = createPaymentsProvider(app.config, app.log);

  // One context for HTTP and WebSocket (where tRPC hands over the raw upgrade request).
  async function createContext({ req }: CreateFastifyContextOptions): Promise<Context> {
    const { session, user } = await authOf(req);
    const isSessionActive = async () => (session ? (await app.lucia.validateSession(session.id)).session !== null : false);
    return { db: app.database.db, database: app.database, storage: app.storage, payments, live: app.live, isSessionActive, chatKeys: app.chatKeys, session, user };
  }

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      createContext,
      maxBatchSize: MAX_BATCH_SIZE,
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      onError({ error, path }) {
        // A domain refusal that ends a subscription is not a failure (it reaches the client with its own code).
        if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) app.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
});
