import { createExportJobs, type ExportJobs } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds the data exports people ask for, and deletes them once expired. */
    exportJobs: ExportJobs;
  }
}

/** The data exports' background work, run for the app's life. */
export const exportsPlugin = fp(async (app: FastifyInstance) => {
  const jobs = createExportJobs({ database: app.database, storage: app.storage, chatKeys: app.chatKeys, publicUrl: app.config.publicUrl, log: app.log });
  await jobs.start();
  app.decorate('exportJobs', jobs);
  app.addHook('onClose', () => jobs.stop());
});
