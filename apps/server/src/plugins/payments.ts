import { createPaymentsProvider, type PaymentsProvider } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who takes payments: Polar, the local stand-in, or null (production without Polar). */
    payments: PaymentsProvider | null;
  }
}

/** The payments provider the configuration names; it holds no connection, so nothing to close. */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('payments', createPaymentsProvider(app.config, app.log));
});
