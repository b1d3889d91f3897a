/** Where the server serves an object of a public bucket: `/uploads/{bucket}/{key}`. */
export function publicUploadUrl(bucket: string, key: string): string {
  return `/uploads/${bucket}/${key}`;
}

const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The storage key behind `url` when it names an upload `userId` made into `bucket`
 * (`/uploads/{bucket}/{userId}/{name}`, as the upload route answers), else null.
 */
export function ownUploadKey(url: string, bucket: string, userId: string): string | null {
  const prefix = `/uploads/${bucket}/`;
  const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  const [owner, name, ...rest] = key.split('/');
  return owner === userId && name && rest.length === 0 && KEY_NAME.test(name) && !name.includes('..') ? key : null;
}
