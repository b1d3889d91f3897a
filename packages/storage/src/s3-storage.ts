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
