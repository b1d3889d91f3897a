import './types.ts';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Database } from '@app/db';
import { createStorage, type Storage } from '@app/storage';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './env.ts';
import { loadChatKeys } from './chat-keys.ts';
import { loadWebPush } from './web-push-keys.ts';
import { benchBaselinesPlugin } from './plugins/bench-baselines.ts';
import { benchProbesPlugin } from './plugins/bench-probes.ts';
import { cancellationsPlugin } from './plugins/cancellations.ts';
import { notificationsPlugin } from './plugins/notifications.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { drainPlugin } from './plugins/drain.ts';
import { exportsPlugin } from './plugins/exports.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { liveBusPlugin } from './plugins/live-bus.ts';
import { mailPlugin } from './plugins/mail.ts';
import { memberPagesPlugin } from './plugins/member-pages.ts';
import { notFoundPlugin } from './plugins/not-found.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { presencePlugin } from './plugins/presence.ts';
import { privateFilesPlugin } from './plugins/private-files.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { standInsPlugin } from './plugins/stand-ins.ts';
import { staticPlugin } from './plugins/static.ts';
import { trpcPlugin } from './plugins/trpc.ts';
import { authRoutes } from './routes/auth.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { chatRoutes } from './routes/chat.ts';
import { coursesRoutes } from './routes/courses.ts';
import { devJobRoutes } from './routes/dev-jobs.ts';
import { exportsRoutes } from './routes/exports.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { healthRoutes } from './routes/health.ts';
import { mailRoutes } from './routes/mail.ts';
import { partnersRoutes } from './routes/partners.ts';
import { paymentsRoutes } from './routes/payments.ts';
import { postsRoutes } from './routes/posts.ts';
import { uploadRoutes } from './routes/uploads.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Where uploads go; by default the one the configuration names, initialised here. */
  storage?: Storage;
  logger?: boolean;
}

/** Builds the app without listening: main.ts listens, tests use inject() or a port of their own. */
export async function buildApp({ config, database, storage, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    // Batched tRPC calls put every procedure name in the path; the batch size is capped by tRPC.
    routerOptions: { maxParamLength: 16_384 },
    bodyLimit: 1024 * 1024,
    // While closing, a call already on its way over a kept-alive connection is served (plugins/drain.ts).
    return503OnClosing: false,
  });
  if (!storage) {
    storage = createStorage(config.storage);
    await storage.init();
  }
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', storage);
  app.decorate('chatKeys', loadChatKeys(config));
  app.decorate('webPush', loadWebPush(config));
  if (!app.webPush) app.log.error('Web push is OFF: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set (see README). Members cannot turn push notifications on.');

  // Long-lived services, each started here and stopped when the app closes.
  await app.register(liveBusPlugin);
  await app.register(outboxPlugin);
  await app.register(paymentsPlugin);
  await app.register(cancellationsPlugin);
  await app.register(housekeepingPlugin);
  await app.register(notificationsPlugin);
  await app.register(mailPlugin);
  await app.register(exportsPlugin);

  // What every request goes through.
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(presencePlugin);
  await app.register(standInsPlugin);
  await app.register(privateFilesPlugin);

  // HTTP by domain; tRPC serves the rest of the API.
  await app.register(drainPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(trpcPlugin);
  await app.register(uploadRoutes);
  await app.register(postsRoutes);
  await app.register(chatRoutes);
  await app.register(coursesRoutes);
  await app.register(calendarRoutes);
  await app.register(feedbackRoutes);
  await app.register(paymentsRoutes);
  await app.register(partnersRoutes);
  await app.register(mailRoutes);
  await app.register(devJobRoutes);
  await app.register(exportsRoutes);
  if (config.benchRoutes) {
    await app.register(benchBaselinesPlugin);
    await app.register(benchProbesPlugin);
  }

  // The built web app, and the one 404 handler (its pages for the client router).
  await app.register(staticPlugin);
  await app.register(memberPagesPlugin);
  await app.register(notFoundPlugin);
  return app;
}
