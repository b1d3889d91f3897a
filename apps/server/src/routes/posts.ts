import { postAttachment } from '@app/api/server';
import type { FastifyInstance } from 'fastify';

/** A post's attachment, for members of the post's community. */
export async function postsRoutes(app: FastifyInstance) {
  app.privateFile('/api/posts/:id/attachment', { scope: (postId) => ({ postId }), rule: 'member' }, (postId) => postAttachment(app.database.db, postId));
}
