/**
 * The uploads half of a backup: every object of every bucket, copied through the storage interface
 * (packages/storage), so the filesystem store and S3/MinIO are backed up and restored the same way,
 * and a backup of one can be restored into the other. Each file is listed in the manifest with its
 * size, SHA-256 and content type.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKETS, type BucketName } from '@app/shared/uploads';
import { isValidKey, type Storage } from '@app/storage';

export interface FileEntry {
  bucket: BucketName;
  key: string;
  size: number;
  sha256: string;
  contentType: string;
}

/** Where a backup keeps an object: `files/<bucket>/<key>` (keys never hold '..', see isValidKey). */
export function filePath(dir: string, entry: Pick<FileEntry, 'bucket' | 'key'>): string {
  if (!(BUCKETS as readonly string[]).includes(entry.bucket) || !isValidKey(entry.key)) {
    throw new Error(`Not an object of ours: ${entry.bucket}/${entry.key}`);
  }
  return join(dir, 'files', entry.bucket, entry.key);
}

/** Copies every object into `dir`, streaming (uploads may be large), and answers their entries. */
export async function backupFiles(storage: Storage, dir: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const bucket of BUCKETS) {
    for (const key of (await storage.list(bucket)).sort()) {
      const object = await storage.get(bucket, key);
      // Deleted between the listing and now (housekeeping): nothing to keep.
      if (!object) continue;
      const path = filePath(dir, { bucket, key });
      await mkdir(dirname(path), { recursive: true });
      const { sha256, size } = await copyHashing(object.stream, createWriteStream(path, { flags: 'wx' }));
      entries.push({ bucket, key, size, sha256, contentType: object.contentType });
    }
  }
  return entries;
}

/** Puts every listed object back, after checking it is the file the backup recorded. */
export async function restoreFiles(storage: Storage, dir: string, entries: FileEntry[]): Promise<void> {
  await storage.init();
  for (const entry of entries) {
    const body = await readFile(filePath(dir, entry));
    if (sha256Of(body) !== entry.sha256) throw new Error(`${entry.bucket}/${entry.key} differs from the backup's record`);
    await storage.put(entry.bucket, entry.key, body, entry.contentType);
  }
}

/** The files whose bytes are not the ones recorded (missing, changed or truncated). */
export async function damagedFiles(dir: string, entries: FileEntry[]): Promise<string[]> {
  const damaged: string[] = [];
  for (const entry of entries) {
    try {
      const { sha256, size } = await hashFile(filePath(dir, entry));
      if (sha256 !== entry.sha256 || size !== entry.size) damaged.push(`${entry.bucket}/${entry.key}`);
    } catch {
      damaged.push(`${entry.bucket}/${entry.key}`);
    }
  }
  return damaged;
}

export function sha256Of(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

export async function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  return copyHashing(createReadStream(path), null);
}

/** Streams `source` into `sink` (or nowhere), hashing and counting the bytes on the way. */
async function copyHashing(source: NodeJS.ReadableStream, sink: NodeJS.WritableStream | null): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, sink ? chunk : undefined);
    },
  });
  if (sink) await pipeline(source, tap, sink);
  else await pipeline(source, tap, async (chunks: AsyncIterable<unknown>) => {
    for await (const _ of chunks);
  });
  return { sha256: hash.digest('hex'), size };
}
