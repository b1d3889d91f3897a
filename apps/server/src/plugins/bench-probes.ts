import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const holdParams = z.object({ ms: z.coerce.number().int().min(0).max(30_000) });

/**
 * Not part of the product, registered only with BENCH_ROUTES=1 (as bench-baselines.ts): what
 * `npm run load` / `npm run soak` read from inside a process, and a call that takes as long as it
 * is asked (the graceful-shutdown test holds one while the process closes).
 */
export async function benchProbesPlugin(app: FastifyInstance) {
  app.get('/api/bench/stats', async (_req, reply) => {
    const memory = process.memoryUsage();
    const resources = process.getActiveResourcesInfo();
    return reply.header('cache-control', 'no-store').send({
      pid: process.pid,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      // TCP handles include the database pool's and the balancer's kept-alive connections, which close when idle.
      handles: resources.filter((name) => name !== 'Timeout' && name !== 'Immediate').length,
      timers: resources.filter((name) => name === 'Timeout').length,
      sockets: app.websocketServer.clients.size,
      liveStreams: app.live.streamCount(),
    });
  });

  app.get('/api/bench/hold/:ms', async (req, reply) => {
    const { ms } = holdParams.parse(req.params);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return reply.send({ held: ms });
  });
}
