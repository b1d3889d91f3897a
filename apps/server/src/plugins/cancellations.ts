import { createSubscriptionCanceller, type TaskWorker } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops the subscriptions of memberships that ended (queued in their transaction, retried until done). */
    cancellations: TaskWorker;
  }
}

/** The worker that stops, through the payments provider, the subscriptions of memberships that ended. */
export const cancellationsPlugin = fp(
  async (app: FastifyInstance) => {
    const cancellations = createSubscriptionCanceller({ database: app.database, payments: app.payments, log: app.log });
    await cancellations.start();
    app.decorate('cancellations', cancellations);
    app.addHook('onClose', () => cancellations.stop());
  },
  { decorators: { fastify: ['payments'] } },
);
