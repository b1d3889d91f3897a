/**
 * A real S3-compatible server for tests: the MinIO named by MINIO_ENDPOINT, MINIO_ACCESS_KEY and
 * MINIO_SECRET_KEY when set (pass the test's environment in), else s3rver started in-process on a
 * free port. Every call uses its own bucket prefix and removes its buckets when closed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
import S3rver from 's3rver';
import { BUCKETS } from '@app/shared/uploads';
import { s3BucketName } from './buckets.ts';
import { endpointOf } from './s3-storage.ts';
import type { S3StorageConfig } from './storage.ts';

export interface TestS3 {
  /** 'minio' when MINIO_ENDPOINT was given, else 's3rver'. */
  server: 'minio' | 's3rver';
  config: S3StorageConfig;
  /** The same settings as the server's environment variables. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(source: Record<string, string | undefined> = {}): Promise<TestS3> {
  const bucketPrefix = `test-${randomBytes(4).toString('hex')}-`;
  let server: S3rver | null = null;
  let directory: string | null = null;
  let base: Omit<S3StorageConfig, 'driver' | 'region' | 'bucketPrefix' | 'publicUrl'>;

  if (source.MINIO_ENDPOINT) {
    const url = source.MINIO_ENDPOINT.includes('://') ? source.MINIO_ENDPOINT : `http://${source.MINIO_ENDPOINT}`;
    base = { ...endpointOf(url), accessKey: source.MINIO_ACCESS_KEY ?? 'minioadmin', secretKey: source.MINIO_SECRET_KEY ?? 'minioadmin' };
  } else {
    directory = await mkdtemp(join(tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await server.run();
    // s3rver's built-in account.
    base = { endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER' };
  }

  const config: S3StorageConfig = { driver: 's3', ...base, region: 'us-east-1', bucketPrefix, publicUrl: null };
  const env: Record<string, string> = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: config.endPoint,
    S3_USE_SSL: config.useSSL ? '1' : '0',
    S3_ACCESS_KEY: config.accessKey,
    S3_SECRET_KEY: config.secretKey,
    S3_REGION: config.region,
    S3_BUCKET_PREFIX: bucketPrefix,
    ...(config.port ? { S3_PORT: String(config.port) } : {}),
  };

  return {
    server: server ? 's3rver' : 'minio',
    config,
    env,
    async close() {
      const client = new Client({ ...base, region: config.region });
      for (const bucket of BUCKETS) {
        const name = s3BucketName(bucketPrefix, bucket);
        if (!(await client.bucketExists(name))) continue;
        const keys: string[] = [];
        for await (const item of client.listObjectsV2(name, '', true)) if (item.name) keys.push(item.name);
        if (keys.length) await client.removeObjects(name, keys);
        await client.removeBucket(name);
      }
      await server?.close();
      if (directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
