import { authorize, eventCalendar, eventCover } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/session.ts';

/**
 * An event's cover, and the event as an .ics file (RFC 5545) for members: 'Add to calendar' downloads
 * it and any calendar imports it. The meeting link is in it, so the same member check as the event's panel applies.
 */
export async function calendarRoutes(app: FastifyInstance) {
  const domain = new URL(app.config.publicUrl).hostname;
  app.privateFile('/api/events/:id/cover', { scope: (eventId) => ({ eventId }), rule: 'member' }, (eventId) => eventCover(app.database.db, eventId));

  app.get<{ Params: { id: string } }>('/api/events/:id/calendar.ics', async (req, reply) => {
    const user = await signedInUser(req);
    await authorize(app.database.db, { eventId: req.params.id }, user.id, 'member');
    const { filename, body } = await eventCalendar(app.database.db, req.params.id, domain);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
