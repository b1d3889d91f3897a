import { authorize, type Scope, type ScopedRule } from '@app/api/server';
import type { BucketName } from '@app/shared/uploads';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { signedInUser } from './session.ts';

/** A file in a private bucket, as a domain's service finds it for an id. */
export interface StoredFile {
  bucket: BucketName;
  key: string;
  contentType: string;
  fileName?: string | null;
}

/** Who asks: the signed-in caller and, for a scoped rule, the community the id belongs to. */
export interface FileViewer {
  userId: string;
  community: Scope['community'];
}

/** The procedures' own authorization for the id in the path: the scope it names and the rule the caller must meet. */
export interface FileAccess {
  scope(id: string): Record<string, string>;
  rule: ScopedRule;
}

/** The path's `:id`, and for a folder of files (`…/files/*`) the key after it. */
type FileLocator<Viewer> = (id: string, rest: string, viewer: Viewer) => Promise<StoredFile>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds `GET path` (with an `:id`) serving a file of a private bucket: to anyone signed in, or to
     * those `access` allows. Refusals are domain errors, answered by the error handler.
     */
    privateFile(path: string, access: 'signed-in', locate: FileLocator<{ userId: string }>): void;
    privateFile(path: string, access: FileAccess, locate: FileLocator<FileViewer>): void;
  }
}

/** Shown in the page (images, video); everything else downloads. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/(mp4|webm))$/;

/** A name safe in a Content-Disposition header: the given one in UTF-8 (RFC 5987), an ASCII fallback. */
function disposition(contentType: string, key: string, fileName: string | null | undefined): string {
  const name = fileName?.trim() || key.slice(key.lastIndexOf('/') + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${INLINE.test(contentType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type Params = { Params: { id: string; '*'?: string } };

/**
 * Files attached to posts and chat messages, covers, course files and feedback media live in private
 * buckets: each domain's routes serve them through `app.privateFile`, only to those the procedures'
 * own rules allow, never cached by shared proxies.
 */
export const privateFilesPlugin = fp(async (app: FastifyInstance) => {
  /** Sends the stored file, privately cached. */
  async function send(reply: FastifyReply, { bucket, key, contentType, fileName }: StoredFile) {
    const object = await app.storage.get(bucket, key);
    if (!object) return reply.code(404).send({ message: 'Not found.' });
    return reply
      .header('content-type', object.contentType || contentType)
      .header('content-length', object.size)
      .header('content-disposition', disposition(contentType, key, fileName))
      .header('cache-control', 'private, max-age=3600')
      .send(object.stream);
  }

  function privateFile(this: FastifyInstance, path: string, access: 'signed-in' | FileAccess, locate: FileLocator<FileViewer>) {
    this.get<Params>(path, async (req, reply) => {
      const user = await signedInUser(req);
      const { id, '*': rest = '' } = req.params;
      if (access === 'signed-in') return send(reply, await (locate as FileLocator<{ userId: string }>)(id, rest, { userId: user.id }));
      const { community } = await authorize(app.database.db, access.scope(id), user.id, access.rule);
      return send(reply, await locate(id, rest, { userId: user.id, community }));
    });
  }
  app.decorate('privateFile', privateFile as FastifyInstance['privateFile']);
});
