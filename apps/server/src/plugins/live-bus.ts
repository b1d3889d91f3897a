import { createLiveBus, type LiveBus } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events (LISTEN/NOTIFY) for subscriptions: started with the app, stopped when it closes. */
    live: LiveBus;
  }
}

/** The live bus, listening before any route is served so no subscription misses an event. */
export const liveBusPlugin = fp(async (app: FastifyInstance) => {
  const live = createLiveBus(app.database, { onError: (err) => app.log.error({ err }, 'reading live events failed') });
  await live.start();
  app.decorate('live', live);
  app.addHook('onClose', () => live.stop());
});
