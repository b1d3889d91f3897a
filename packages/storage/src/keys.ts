import { randomUUID } from 'node:crypto';

/**
 * Object keys are '/'-separated segments of letters, digits, '.', '_' and '-', each starting with a
 * letter or digit: no '..', no empty or absolute paths, no backslashes or NUL, so a key can never
 * leave its bucket's directory.
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
export const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key.slice(0, 100))}`);
}

/**
 * A new key for an upload by `userId`: `{userId}/{random}.{ext}`. Keys are never reused, so what
 * they name can be cached forever; the owner prefix lets a mutation check that a key it is given
 * was uploaded by the caller.
 */
export function newKey(userId: string, ext: string): string {
  const key = `${userId}/${randomUUID()}.${ext}`;
  assertValidKey(key);
  return key;
}

/** True when `key` was made by `newKey(userId, …)`. */
export function isOwnKey(key: string, userId: string): boolean {
  return isValidKey(key) && key.startsWith(`${userId}/`) && !key.slice(userId.length + 1).includes('/');
}
