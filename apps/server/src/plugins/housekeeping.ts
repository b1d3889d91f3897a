import { accountErasure, createHousekeeping, housekeepingTasks, type Housekeeping } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic clean-ups (old live events, rate-limit windows, unreferenced uploads, closed accounts' erasure), one process per round. */
    housekeeping: Housekeeping;
  }
}

/** The periodic clean-ups, run for the app's life. */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const options = { storage: app.storage, log: app.log };
  // The platform's clean-ups, and the domains' (erasing accounts closed ACCOUNT_ERASE_DAYS ago).
  const housekeeping = createHousekeeping(app.database, [...housekeepingTasks(options), accountErasure(options)], app.log);
  housekeeping.start();
  app.decorate('housekeeping', housekeeping);
  app.addHook('onClose', () => housekeeping.stop());
});
