import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { BUCKETS, type BucketName } from '@app/shared/uploads';
import { assertValidKey, isValidKey } from './keys.ts';
import { contentTypeOfKey } from '@app/shared/uploads';
import type { FsStorageConfig, Storage, StoredObject } from './storage.ts';

/**
 * Objects as files under `<root>/<bucket>/<key>`. The filesystem keeps no metadata: an object's
 * content type is the one its key's extension names (upload kinds always give keys the extension of
 * the detected type), and put() refuses a key whose extension says otherwise.
 */
export function createFsStorage(config: FsStorageConfig): Storage {
  const root = resolve(config.root);

  function pathOf(bucket: BucketName, key: string): string {
    assertValidKey(key);
    const path = resolve(root, bucket, key);
    // isValidKey already rules out '..'; this is the belt to its braces.
    if (!path.startsWith(join(root, bucket) + sep)) throw new Error('Object key escapes its bucket');
    return path;
  }

  return {
    driver: 'fs',

    async init() {
      for (const bucket of BUCKETS) await mkdir(join(root, bucket), { recursive: true });
    },

    async put(bucket, key, body, contentType) {
      await writeWhole(pathOf(bucket, key), key, contentType, (partial) => writeFile(partial, body, { flag: 'wx' }));
    },

    async putStream(bucket, key, body, contentType) {
      const path = pathOf(bucket, key);
      await writeWhole(path, key, contentType, (partial) => pipeline(body, createWriteStream(partial, { flags: 'wx' })));
      return (await stat(path)).size;
    },

    async get(bucket, key) {
      const path = pathOf(bucket, key);
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const object: StoredObject = { stream: handle.createReadStream(), contentType, size: info.size };
      return object;
    },

    async exists(bucket, key) {
      try {
        return (await stat(pathOf(bucket, key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async list(bucket, prefix = '') {
      const keys: string[] = [];
      const walk = async (dir: string, base: string) => {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const key = base + entry.name;
          if (entry.isDirectory()) await walk(join(dir, entry.name), `${key}/`);
          else if (entry.isFile() && isValidKey(key) && key.startsWith(prefix) && !key.endsWith('.partial')) keys.push(key);
        }
      };
      await walk(join(root, bucket), '');
      return keys;
    },

    async delete(bucket, key) {
      try {
        await unlink(pathOf(bucket, key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async signedUrl() {
      return null;
    },
  };
}

/** Writes a file beside its final name, then renames it: a reader never sees half a file. */
async function writeWhole(path: string, key: string, contentType: string, write: (partial: string) => Promise<void>): Promise<void> {
  if (contentTypeOfKey(key) !== contentType) {
    throw new Error(`The filesystem store derives content types from extensions: ${key} cannot hold ${contentType}`);
  }
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await write(partial);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
