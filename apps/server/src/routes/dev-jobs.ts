import { eraseClosedAccounts } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const eraseInput = z.object({ now: z.iso.datetime({ error: 'now must be an ISO date-time.' }) });

/**
 * Outside production only, and from this computer only (the stand-ins' rule): runs the erasure of
 * closed accounts as if it were `now` (a later date), so a browser test can see what 30 days do.
 * The housekeeping round runs the same function with the real time (packages/api/src/deletion).
 */
export async function devJobRoutes(app: FastifyInstance) {
  if (app.config.env === 'production') return;
  app.post('/dev/jobs/erase-closed-accounts', { preHandler: app.standIns.localOnly }, async (req, reply) => {
    const parsed = eraseInput.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ message: parsed.error.issues.map((i) => i.message).join(' ') });
    const erased = await eraseClosedAccounts(app.database, app.storage, new Date(parsed.data.now), req.log);
    return reply.send({ erased });
  });
}
