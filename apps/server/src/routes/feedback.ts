import { feedbackMedia } from '@app/api/server';
import type { FastifyInstance } from 'fastify';

/** A feedback's attachment: the feedback wall is for every signed-in person, and so are its attachments. */
export async function feedbackRoutes(app: FastifyInstance) {
  app.privateFile('/api/feedbacks/:id/media', 'signed-in', (feedbackId) => feedbackMedia(app.database.db, feedbackId));
}
