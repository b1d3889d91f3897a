import { AppError, ledgerCsv, partnerOf, payoutsCsv } from '@app/api/server';
import { PARTNER_MESSAGES } from '@app/shared/partners';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/session.ts';

/**
 * A partner's ledger and payouts as CSV files, for the signed-in partner only (their own, by the
 * session: nothing in the URL names whose). Plain downloads rather than tRPC: the browser saves
 * the answer as a file, named by the header.
 */
export async function partnersRoutes(app: FastifyInstance) {
  const files = {
    'earnings.csv': { name: 'partner-earnings', make: ledgerCsv },
    'payouts.csv': { name: 'partner-payouts', make: payoutsCsv },
  } as const;
  for (const [path, file] of Object.entries(files)) {
    app.get(`/api/partners/${path}`, async (req, reply) => {
      const user = await signedInUser(req);
      const partner = await partnerOf(app.database.db, user.id);
      if (!partner) throw new AppError('FORBIDDEN', PARTNER_MESSAGES.partnersOnly);
      const body = await file.make(app.database.db, partner.userId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });
  }
}
