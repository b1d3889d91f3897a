import { Readable } from 'node:stream';
import { authorize, downloadableExport, membersCsv } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/session.ts';

/**
 * A person's data export, to that person alone (their session; the random id in the path finds
 * nothing for anyone else) until it expires; and a community's members as CSV, to its owner alone
 * (the procedures' `owner` rule), written as it is read.
 */
export async function exportsRoutes(app: FastifyInstance) {
  app.privateFile('/api/exports/:id/download', 'signed-in', (exportId, _rest, { userId }) => downloadableExport(app.database.db, exportId, userId));

  app.get<{ Params: { id: string } }>('/api/communities/:id/members.csv', async (req, reply) => {
    const user = await signedInUser(req);
    const { community } = await authorize(app.database.db, { communityId: req.params.id }, user.id, 'owner');
    const day = new Date().toISOString().slice(0, 10);
    const name = `${community.name}-members-${day}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(membersCsv(app.database.db, community.id)));
  });
}
