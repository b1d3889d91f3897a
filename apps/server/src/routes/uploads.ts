import multipart from '@fastify/multipart';
import { isValidKey, MAX_IMAGE_PIXELS, newKey, prepareUpload } from '@app/storage';
import { isPublicBucket, tooLargeMessage, UNSUPPORTED_TYPE_MESSAGE, uploadKind, UPLOAD_KINDS } from '@app/shared/uploads';
import { publicUploadUrl } from '@app/shared/uploads';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/session.ts';
import { storeUpload } from '@app/api/server';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxBytes));

export interface UploadResult {
  key: string;
  /** Where the browser fetches it: set for the public buckets; others are served by routes that check membership. */
  url: string | null;
  contentType: string;
  size: number;
}

/**
 * POST /api/uploads/:kind takes one multipart field `file` from a signed-in person, checks it against
 * the kind (size as sent, type from the bytes), re-encodes images and stores it under a fresh key
 * `{userId}/{uuid}.{ext}`, recorded in `uploads` against the person's storage quota. Nothing is
 * stored unless every check passes, the quota included.
 */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1, fileSize: LARGEST_UPLOAD } });

  app.post<{ Params: { kind: string } }>(
    '/api/uploads/:kind',
    { onRequest: app.rateLimit('upload') },
    async (req, reply) => {
      const user = await signedInUser(req);
      const userId = user.id;
      const kind = uploadKind(req.params.kind);
      if (!kind) return reply.code(404).send({ message: 'Unknown upload kind.' });
      if (!req.isMultipart()) return reply.code(415).send({ message: 'Send the file as multipart/form-data in a field named "file".' });

      let bytes: Buffer;
      try {
        const file = await req.file({ limits: { fileSize: kind.maxBytes } });
        if (!file || file.fieldname !== 'file') return reply.code(400).send({ message: 'No file was sent.' });
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) return reply.code(413).send({ message: tooLargeMessage(kind) });
        if (error instanceof app.multipartErrors.FilesLimitError || error instanceof app.multipartErrors.PartsLimitError) {
          return reply.code(400).send({ message: 'Send one file at a time.' });
        }
        throw error;
      }
      if (bytes.length === 0) return reply.code(400).send({ message: 'The file is empty.' });

      const prepared = await prepareUpload(kind, bytes);
      if (!prepared.ok) {
        return prepared.reason === 'too-many-pixels'
          ? reply.code(413).send({ message: `The image is too large (max ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).` })
          : reply.code(415).send({ message: UNSUPPORTED_TYPE_MESSAGE });
      }
      const { body, contentType, ext } = prepared.upload;
      const key = newKey(userId, ext);
      const stored = await storeUpload(app.database.db, app.storage, { bucket: kind.bucket, key, userId, contentType, body }, app.config.uploadQuotaBytes);
      if (!stored.ok) return reply.code(413).send({ message: stored.message });
      const result: UploadResult = {
        key,
        url: isPublicBucket(kind.bucket) ? publicUploadUrl(kind.bucket, key) : null,
        contentType,
        size: body.length,
      };
      return reply.code(201).send(result);
    },
  );

  // Keys are never reused, so what a URL names never changes: browsers and proxies may keep it for good.
  app.get<{ Params: { bucket: string; '*': string } }>('/uploads/:bucket/*', async (req, reply) => {
    const { bucket, '*': key } = req.params;
    if (!isPublicBucket(bucket) || !isValidKey(key)) return reply.code(404).send({ message: 'Not found.' });
    const object = await app.storage.get(bucket, key);
    if (!object) return reply.code(404).send({ message: 'Not found.' });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.stream);
  });
}
