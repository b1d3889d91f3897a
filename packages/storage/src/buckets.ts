import type { BucketName } from '@app/shared/uploads';

/** S3 bucket names allow lowercase letters, digits, '-' and '.', 3 to 63 characters. */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The S3 bucket behind one of ours: `prefix` + the name with '_' (not allowed in S3) turned into '-'. */
export function s3BucketName(prefix: string, bucket: BucketName): string {
  const name = `${prefix}${bucket.replaceAll('_', '-')}`;
  if (!S3_BUCKET.test(name) || name.includes('..')) throw new Error(`"${name}" is not a valid S3 bucket name: check S3_BUCKET_PREFIX`);
  return name;
}
