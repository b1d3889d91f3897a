import { createFsStorage } from './fs-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage, StorageConfig } from './storage.ts';

export { s3BucketName } from './buckets.ts';
export { detectFileType } from './detect.ts';
export { isOwnKey, isValidKey, newKey } from './keys.ts';
export { MAX_IMAGE_PIXELS, prepareUpload, type PrepareResult, type PreparedUpload } from './prepare.ts';
export { endpointOf } from './s3-storage.ts';
export type { FsStorageConfig, S3StorageConfig, Storage, StorageConfig, StoredObject } from './storage.ts';

/** The storage the configuration names; call init() on it before use. */
export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createFsStorage(config);
}
