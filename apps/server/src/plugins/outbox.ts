import { createOutboxWorker } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Delivers the notification webhooks queued in the outbox (retried until done), for the app's life. */
export const outboxPlugin = fp(async (app: FastifyInstance) => {
  const outbox = createOutboxWorker({ database: app.database, ...app.config.notifyWebhook, log: app.log });
  await outbox.start();
  app.addHook('onClose', () => outbox.stop());
});
