import type { Readable } from 'node:stream';
import type { BucketName } from '@app/shared/uploads';

export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
}

/** One interface over the local filesystem and S3-compatible object storage. Keys are checked by isValidKey. */
export interface Storage {
  readonly driver: 'fs' | 's3';
  /** Creates what the back end needs (directories, buckets); safe to run at every start. */
  init(): Promise<void>;
  put(bucket: BucketName, key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores what `body` streams, as it comes (an archive being written), without holding it in
   * memory; resolves with its size once stored. A reader never sees half an object.
   */
  putStream(bucket: BucketName, key: string, body: Readable, contentType: string): Promise<number>;
  /** The object, or null when there is none. */
  get(bucket: BucketName, key: string): Promise<StoredObject | null>;
  exists(bucket: BucketName, key: string): Promise<boolean>;
  /** Keys in the bucket that start with `prefix`, in no particular order (for housekeeping and tests: not paged). */
  list(bucket: BucketName, prefix?: string): Promise<string[]>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(bucket: BucketName, key: string): Promise<void>;
  /**
   * A short-lived URL the browser can fetch the object from directly (S3), or null when the app
   * serves objects itself (filesystem). The URL carries a signature, never the credentials.
   */
  signedUrl(bucket: BucketName, key: string, expirySeconds: number): Promise<string | null>;
}

export interface FsStorageConfig {
  driver: 'fs';
  /** Objects live at `<root>/<bucket>/<key>`. */
  root: string;
}

export interface S3StorageConfig {
  driver: 's3';
  /** Host name (or IP) of the S3 API, without scheme or port. */
  endPoint: string;
  port?: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Put before every bucket name, so several apps can share one S3 account. */
  bucketPrefix: string;
  /**
   * The origin browsers reach the S3 API at, when it differs from the one the app uses (an internal
   * host name, say): signed URLs are made for it. Null: the app's own endpoint.
   */
  publicUrl: string | null;
}

export type StorageConfig = FsStorageConfig | S3StorageConfig;
