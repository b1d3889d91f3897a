/** The buckets of the product spec (section 3), by the names the spec gives them. */
export const BUCKETS = [
  'avatars',
  'community-logos',
  'documents-feedbacks',
  'images-courses',
  'documents-courses',
  'course_covers',
  'chat-images',
  'chat-documents',
  'documents-post',
  'community-covers',
] as const;

export type BucketName = (typeof BUCKETS)[number];

/**
 * The only buckets that `GET /uploads/<bucket>/<key>` serves to anyone. Every other bucket holds
 * files of a community, a chat or a course and is served by routes that check membership first.
 */
export const PUBLIC_BUCKETS: readonly BucketName[] = ['avatars', 'community-logos', 'community-covers', 'course_covers'];

export function isBucketName(value: string): value is BucketName {
  return (BUCKETS as readonly string[]).includes(value);
}

export function isPublicBucket(value: string): value is BucketName {
  return (PUBLIC_BUCKETS as readonly string[]).includes(value);
}

/** S3 bucket names allow lowercase letters, digits, '-' and '.', 3 to 63 characters. */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The S3 bucket behind one of ours: `prefix` + the name with '_' (not allowed in S3) turned into '-'. */
export function s3BucketName(prefix: string, bucket: BucketName): string {
  const name = `${prefix}${bucket.replaceAll('_', '-')}`;
  if (!S3_BUCKET.test(name) || name.includes('..')) throw new Error(`"${name}" is not a valid S3 bucket name: check S3_BUCKET_PREFIX`);
  return name;
}
