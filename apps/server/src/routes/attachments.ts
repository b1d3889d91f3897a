import { ATTACHMENT_BUCKET, postAttachment } from '@app/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance } from 'fastify';
import { readSession, sendCookie } from '../plugins/session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Shown in the page (images, video); everything else downloads. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/(mp4|webm))$/;

/**
 * Files attached to posts live in a private bucket: served here only to members of the post's
 * community, never cached by shared proxies.
 */
export async function attachmentRoutes(app: FastifyInstance) {
  app.get<{ Params: { postId: string } }>('/api/posts/:postId/attachment', async (req, reply) => {
    const { user, cookie } = await readSession(app, req.headers.cookie);
    if (cookie) sendCookie(reply, cookie);
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    if (!UUID.test(req.params.postId)) return reply.code(404).send({ message: 'Not found.' });
    try {
      const { key, contentType } = await postAttachment(app.database.db, req.params.postId, user.id);
      const object = await app.storage.get(ATTACHMENT_BUCKET, key);
      if (!object) return reply.code(404).send({ message: 'Not found.' });
      const name = key.slice(key.lastIndexOf('/') + 1);
      return reply
        .header('content-type', object.contentType || contentType)
        .header('content-length', object.size)
        .header('content-disposition', `${INLINE.test(contentType) ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(object.stream);
    } catch (error) {
      if (error instanceof TRPCError) return reply.code(getHTTPStatusCodeFromError(error)).send({ message: error.message });
      throw error;
    }
  });
}
