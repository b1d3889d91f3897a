import type { Readable } from 'node:stream';
import { Client } from 'minio';
import { BUCKETS, type BucketName } from '@app/shared/uploads';
import { s3BucketName } from './buckets.ts';
import { assertValidKey } from './keys.ts';
import type { S3StorageConfig, Storage } from './storage.ts';

/** Objects in S3-compatible storage (MinIO in production) through the `minio` client, one S3 bucket per bucket of ours. */
export function createS3Storage(config: S3StorageConfig): Storage {
  // The region is always given, so the client never asks the server for it (signing URLs stays offline).
  const options = { useSSL: config.useSSL, accessKey: config.accessKey, secretKey: config.secretKey, region: config.region };
  const client = new Client({ endPoint: config.endPoint, port: config.port, ...options });
  const signer = config.publicUrl ? new Client({ ...options, ...endpointOf(config.publicUrl) }) : client;
  const names = new Map(BUCKETS.map((bucket) => [bucket, s3BucketName(config.bucketPrefix, bucket)]));
  const nameOf = (bucket: BucketName) => names.get(bucket)!;

  return {
    driver: 's3',

    async init() {
      for (const name of names.values()) {
        if (await client.bucketExists(name)) continue;
        try {
          await client.makeBucket(name, config.region);
        } catch (error) {
          // Another replica made it in the meantime.
          if (errorCode(error) !== 'BucketAlreadyOwnedByYou' || !(await client.bucketExists(name))) throw error;
        }
      }
    },

    async put(bucket, key, body, contentType) {
      assertValidKey(key);
      await client.putObject(nameOf(bucket), key, body, body.length, { 'Content-Type': contentType });
    },

    async putStream(bucket, key, body, contentType) {
      assertValidKey(key);
      return putInParts(client, nameOf(bucket), key, body, contentType);
    },

    async get(bucket, key) {
      assertValidKey(key);
      try {
        const info = await client.statObject(nameOf(bucket), key);
        const stream = await client.getObject(nameOf(bucket), key);
        const contentType = String(info.metaData['content-type'] ?? 'application/octet-stream');
        return { stream, contentType, size: info.size };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(bucket, key) {
      assertValidKey(key);
      try {
        await client.statObject(nameOf(bucket), key);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async list(bucket, prefix = '') {
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(nameOf(bucket), prefix, true)) {
        if (item.name) keys.push(item.name);
      }
      return keys;
    },

    async delete(bucket, key) {
      assertValidKey(key);
      await client.removeObject(nameOf(bucket), key);
    },

    async signedUrl(bucket, key, expirySeconds) {
      assertValidKey(key);
      return signer.presignedGetObject(nameOf(bucket), key, expirySeconds);
    },
  };
}

/** Parts of a streamed upload: S3's smallest is 5 MiB (but the last); one is held in memory at a time. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Uploads a stream part by part as it comes (S3's multipart upload, done here rather than by the
 * client, whose own first lists the bucket's unfinished uploads, which not every S3 offers); a
 * stream shorter than a part is one plain PUT. A failure aborts the upload: nothing is left.
 */
async function putInParts(client: Client, bucket: string, key: string, body: Readable, contentType: string): Promise<number> {
  const headers = { 'Content-Type': contentType };
  let held: Buffer[] = [];
  let heldBytes = 0;
  let size = 0;
  let uploadId: string | null = null;
  const etags: { part: number; etag: string }[] = [];
  const flush = async () => {
    const part = Buffer.concat(held);
    held = [];
    heldBytes = 0;
    uploadId ??= await client.initiateNewMultipartUpload(bucket, key, headers);
    const { etag } = await client.uploadPart({ bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: etags.length + 1, headers: {} }, part);
    etags.push({ part: etags.length + 1, etag });
  };
  try {
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      held.push(bytes);
      heldBytes += bytes.length;
      size += bytes.length;
      if (heldBytes >= PART_BYTES) await flush();
    }
    if (uploadId === null) {
      const whole = Buffer.concat(held);
      await client.putObject(bucket, key, whole, whole.length, headers);
      return size;
    }
    if (heldBytes > 0) await flush();
    await client.completeMultipartUpload(bucket, key, uploadId, etags);
    return size;
  } catch (error) {
    if (uploadId !== null) await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw error;
  }
}

/** `https://files.example.com[:port]` as the client's endPoint, port and useSSL. */
export function endpointOf(url: string): { endPoint: string; port?: number; useSSL: boolean } {
  const { protocol, hostname, port } = new URL(url);
  return { endPoint: hostname, useSSL: protocol === 'https:', ...(port ? { port: Number(port) } : {}) };
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | undefined)?.code;
}

function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'NotFound' || code === 'NoSuchKey';
}
