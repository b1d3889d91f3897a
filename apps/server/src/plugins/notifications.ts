import { createNotificationJobs, type NotificationJobs } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells communities' members of new events, courses and modules, and of events about to start; pushes to devices. */
    notificationJobs: NotificationJobs;
  }
}

/** The notifications' background work, run for the app's life. */
export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  const jobs = createNotificationJobs({ database: app.database, webPush: app.webPush, log: app.log });
  await jobs.start();
  app.decorate('notificationJobs', jobs);
  app.addHook('onClose', () => jobs.stop());
});
