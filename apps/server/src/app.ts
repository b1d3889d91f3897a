import './types.ts';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Database } from '@app/db';
import { AppError, createHousekeeping, createLiveBus, createOutboxWorker, createPaymentsProvider, createSubscriptionCanceller, housekeepingTasks, RateLimitedError } from '@app/api/server';
import { createStorage, type Storage } from '@app/storage';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { AppConfig } from './env.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { standInsPlugin } from './plugins/stand-ins.ts';
import { staticPlugin } from './plugins/static.ts';
import { trpcPlugin } from './plugins/trpc.ts';
import { loadChatKeys } from './chat-keys.ts';
import { attachmentRoutes } from './routes/attachments.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { authRoutes } from './routes/auth.ts';
import { benchRoutes } from './routes/bench.ts';
import { healthRoutes } from './routes/health.ts';
import { partnerRoutes } from './routes/partners.ts';
import { paymentRoutes } from './routes/payments.ts';
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
  });
  app.decorate('config', config);
  app.decorate('database', database);
  if (!storage) {
    storage = createStorage(config.storage);
    await storage.init();
  }
  app.decorate('storage', storage);
  app.decorate('chatKeys', loadChatKeys(config));
  const live = createLiveBus(database, { onError: (err) => app.log.error({ err }, 'reading live events failed') });
  await live.start();
  app.decorate('live', live);
  app.addHook('onClose', () => live.stop());
  const outbox = createOutboxWorker({ database, ...config.notifyWebhook, log: app.log });
  await outbox.start();
  app.addHook('onClose', () => outbox.stop());
  // Paid memberships: the provider (Polar, the local stand-in, or none) and the worker that stops
  // the subscriptions of memberships that ended, after their transaction commits.
  const payments = createPaymentsProvider(config, app.log);
  app.decorate('payments', payments);
  const cancellations = createSubscriptionCanceller({ database, payments, log: app.log });
  await cancellations.start();
  app.decorate('cancellations', cancellations);
  app.addHook('onClose', () => cancellations.stop());
  const housekeeping = createHousekeeping(database, housekeepingTasks({ storage, log: app.log }), app.log);
  housekeeping.start();
  app.decorate('housekeeping', housekeeping);
  app.addHook('onClose', () => housekeeping.stop());

  // The one error handler: a domain error answers with its own status and words.
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) return reply.code(error.status).send({ message: error.message });
    if (error.validation) return reply.code(400).send({ message: error.message });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'An unexpected error occurred.' });
  });

  await app.register(securityPlugin);
  // Answers of 1 KB and more (tRPC's JSON above all) go compressed to browsers that accept it; brotli at a
  // quality that costs little CPU. The built web app is compressed ahead of time (plugins/static.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(standInsPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(trpcPlugin);
  await app.register(uploadRoutes);
  await app.register(attachmentRoutes);
  await app.register(calendarRoutes);
  await app.register(paymentRoutes);
  await app.register(partnerRoutes);
  if (config.benchRoutes) await app.register(benchRoutes);
  await app.register(staticPlugin);
  return app;
}
