import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    const ok = await app.database.ping();
    return reply.code(ok ? 200 : 503).header('cache-control', 'no-store').send({ ok });
  });
}
