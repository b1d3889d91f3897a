import { authorize, chatAttachment, courseCover, eventCover, feedbackMedia, lessonFile, moduleFile, postAttachment, SIGNED_IN_MESSAGE, type Scope, type ScopedRule } from '@app/api/server';
import type { BucketName } from '@app/shared/uploads';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

type Params = { Params: { id: string; '*'?: string } };

/**
 * Files attached to posts and chat messages, course and event covers, live in private buckets: served here
 * only to those the procedures' own rules allow (members of the post's community; the two people
 * of the conversation while both are members; for a course's cover and its modules' and lessons' files, the owner, or members when the course is visible; an event's cover, members; a feedback's attachment, anyone signed in), never cached by shared proxies. Refusals are domain errors,
 * answered by the app's error handler.
 */
export async function attachmentRoutes(app: FastifyInstance) {
  function route(
    path: string,
    scope: (id: string) => Record<string, string>,
    rule: ScopedRule,
    locate: (id: string, rest: string, viewer: { userId: string; community: Scope['community'] }) => Promise<Located>,
  ) {
    app.get<Params>(path, async (req: FastifyRequest<Params>, reply: FastifyReply) => {
      const { user } = await req.auth();
      if (!user) return reply.code(401).send({ message: SIGNED_IN_MESSAGE });
      const { community } = await authorize(app.database.db, scope(req.params.id), user.id, rule);
      return send(reply, await locate(req.params.id, req.params['*'] ?? '', { userId: user.id, community }));
    });
  }

  /** Sends the stored file, privately cached. */
  async function send(reply: FastifyReply, { bucket, key, contentType, fileName }: Located) {
    const object = await app.storage.get(bucket, key);
    if (!object) return reply.code(404).send({ message: 'Not found.' });
    return reply
      .header('content-type', object.contentType || contentType)
      .header('content-length', object.size)
      .header('content-disposition', disposition(contentType, key, fileName))
      .header('cache-control', 'private, max-age=3600')
      .send(object.stream);
  }

  // The feedback wall is for every signed-in person, and so are its attachments.
  app.get<Params>('/api/feedbacks/:id/media', async (req, reply) => {
    const { user } = await req.auth();
    if (!user) return reply.code(401).send({ message: SIGNED_IN_MESSAGE });
    return send(reply, await feedbackMedia(app.database.db, req.params.id));
  });

  route('/api/posts/:id/attachment', (postId) => ({ postId }), 'member', (postId) => postAttachment(app.database.db, postId));
  route('/api/courses/:id/cover', (courseId) => ({ courseId }), 'course-viewer', (courseId) => courseCover(app.database.db, courseId));
  route('/api/course-modules/:id/files/*', (moduleId) => ({ moduleId }), 'course-viewer', (moduleId, key, viewer) => moduleFile(app.database.db, moduleId, key, viewer));
  route('/api/lessons/:id/file', (lessonId) => ({ lessonId }), 'course-viewer', (lessonId, _, viewer) => lessonFile(app.database.db, lessonId, viewer));
  route('/api/events/:id/cover', (eventId) => ({ eventId }), 'member', (eventId) => eventCover(app.database.db, eventId));
  route('/api/chat/messages/:id/attachment', (messageId) => ({ messageId }), 'chat-pair', (messageId) => chatAttachment(app.database.db, app.chatKeys, messageId));
}
