import { profileColumns } from '@app/api';
import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readSession } from '../plugins/session.ts';

/**
 * Baselines for `npm run bench`, registered only with BENCH_ROUTES=1: plain Fastify routes doing
 * the same work as a tRPC procedure, so the benchmark can print the cost of the tRPC layer.
 */
export async function benchRoutes(app: FastifyInstance) {
  app.get('/api/bench/me', async (req, reply) => {
    const { user } = await readSession(app, req.headers.cookie);
    if (!user) return reply.send(null);
    const [row] = await app.database.db
      .select(profileColumns)
      .from(profiles)
      .where(eq(profiles.id, user.id));
    return reply.send(row ?? null);
  });
}
