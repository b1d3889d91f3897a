import { ATTACHMENT_BUCKET, chatAttachment, postAttachment } from '@app/api';
import type { BucketName } from '@app/storage';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSession, sendCookie } from '../plugins/session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Shown in the page (images, video); everything else downloads. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/(mp4|webm))$/;

interface Located {
  bucket: BucketName;
  key: string;
  contentType: string;
  fileName?: string | null;
}

/** A name safe in a Content-Disposition header: the given one in UTF-8 (RFC 5987), an ASCII fallback. */
function disposition(contentType: string, key: string, fileName: string | null | undefined): string {
  const name = fileName?.trim() || key.slice(key.lastIndexOf('/') + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${INLINE.test(contentType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Files attached to posts and chat messages live in private buckets: served here only to those who
 * may see them (members of the post's community; the two people of the conversation), never cached
 * by shared proxies.
 */
export async function attachmentRoutes(app: FastifyInstance) {
  async function serve(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, locate: (userId: string) => Promise<Located>) {
    const { user, cookie } = await readSession(app, req.headers.cookie);
    if (cookie) sendCookie(reply, cookie);
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    if (!UUID.test(req.params.id)) return reply.code(404).send({ message: 'Not found.' });
    try {
      const { bucket, key, contentType, fileName } = await locate(user.id);
      const object = await app.storage.get(bucket, key);
      if (!object) return reply.code(404).send({ message: 'Not found.' });
      return reply
        .header('content-type', object.contentType || contentType)
        .header('content-length', object.size)
        .header('content-disposition', disposition(contentType, key, fileName))
        .header('cache-control', 'private, max-age=3600')
        .send(object.stream);
    } catch (error) {
      if (error instanceof TRPCError) return reply.code(getHTTPStatusCodeFromError(error)).send({ message: error.message });
      throw error;
    }
  }

  app.get<{ Params: { id: string } }>('/api/posts/:id/attachment', (req, reply) =>
    serve(req, reply, async (userId) => ({ bucket: ATTACHMENT_BUCKET, ...(await postAttachment(app.database.db, req.params.id, userId)) })),
  );
  app.get<{ Params: { id: string } }>('/api/chat/messages/:id/attachment', (req, reply) =>
    serve(req, reply, (userId) => chatAttachment(app.database.db, app.chatKeys, req.params.id, userId)),
  );
}
