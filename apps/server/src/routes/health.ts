import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  // 503 when the database does not answer, or while the process is shutting down (plugins/drain.ts).
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    if (app.draining) return reply.code(503).header('cache-control', 'no-store').send({ ok: false, draining: true });
    const ok = await app.database.ping();
    return reply.code(ok ? 200 : 503).header('cache-control', 'no-store').send({ ok });
  });
}
