import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, newKey, type Storage } from './index.ts';
import { startTestS3, type TestS3 } from './testing.ts';

const WEBP = 'image/webp';
const TXT = 'text/plain; charset=utf-8';

interface Backend {
  storage: Storage;
  close(): Promise<void>;
}

/** The same behaviour, asked of both back ends. */
function storageSuite(name: string, open: () => Promise<Backend>) {
  describe(name, () => {
    let backend: Backend;
    const storage = () => backend.storage;

    beforeAll(async () => {
      backend = await open();
      await backend.storage.init();
    });
    afterAll(() => backend?.close());

    it('init can run again on an existing store', async () => {
      await storage().init();
    });

    it('puts, reads back with content type and size, lists and deletes an object', async () => {
      const key = newKey('user-1', 'txt');
      const body = Buffer.from('hello, storage');
      await storage().put('documents-post', key, body, TXT);
      expect(await storage().exists('documents-post', key)).toBe(true);
      expect(await storage().list('documents-post', 'user-1/')).toEqual([key]);

      const object = await storage().get('documents-post', key);
      expect(object).not.toBeNull();
      expect(object!.contentType).toBe(TXT);
      expect(object!.size).toBe(body.length);
      expect(await text(object!.stream)).toBe('hello, storage');

      await storage().delete('documents-post', key);
      expect(await storage().exists('documents-post', key)).toBe(false);
      expect(await storage().get('documents-post', key)).toBeNull();
      expect(await storage().list('documents-post', 'user-1/')).toEqual([]);
      // Deleting what is not there is not an error.
      await storage().delete('documents-post', key);
    });

    it('stores a stream as it comes, and a failed stream leaves nothing behind', async () => {
      const key = newKey('user-9', 'zip');
      // 12 MiB: more than one part of an S3 multipart upload.
      const chunks = Array.from({ length: 48 }, (_, i) => Buffer.alloc(256 * 1024, i));
      const size = await storage().putStream('exports', key, Readable.from(chunks), 'application/zip');
      expect(size).toBe(48 * 256 * 1024);
      const object = await storage().get('exports', key);
      expect(object?.contentType).toBe('application/zip');
      expect(Buffer.concat(await object!.stream.toArray()).equals(Buffer.concat(chunks))).toBe(true);

      const broken = newKey('user-9', 'zip');
      async function* failing() {
        yield Buffer.alloc(1024);
        throw new Error('the archive failed');
      }
      await expect(storage().putStream('exports', broken, Readable.from(failing()), 'application/zip')).rejects.toThrow();
      expect(await storage().exists('exports', broken)).toBe(false);
      expect(await storage().list('exports', 'user-9/')).toEqual([key]);
      await storage().delete('exports', key);
    });

    it('keeps buckets apart, the one with an underscore in its name included', async () => {
      const key = newKey('user-2', 'webp');
      await storage().put('course_covers', key, Buffer.from('RIFF-not-really'), WEBP);
      expect(await storage().exists('course_covers', key)).toBe(true);
      expect(await storage().exists('community-covers', key)).toBe(false);
      expect(await storage().get('avatars', key)).toBeNull();
      expect((await storage().get('course_covers', key))?.contentType).toBe(WEBP);
    });

    it('answers null for a key that was never stored', async () => {
      expect(await storage().get('avatars', 'nobody/nothing.webp')).toBeNull();
      expect(await storage().exists('avatars', 'nobody/nothing.webp')).toBe(false);
    });

    it('refuses keys that could leave the bucket', async () => {
      for (const key of ['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'a//b.txt', 'a\\b.txt', '.hidden', 'a/./b.txt', 'a\0.txt', '']) {
        await expect(storage().put('avatars', key, Buffer.from('x'), TXT), key).rejects.toThrow(/Invalid object key/);
        await expect(storage().get('avatars', key), key).rejects.toThrow(/Invalid object key/);
        await expect(storage().delete('avatars', key), key).rejects.toThrow(/Invalid object key/);
      }
    });
  });
}

storageSuite('filesystem storage', async () => {
  const root = await mkdtemp(join(tmpdir(), 'storage-fs-'));
  return { storage: createStorage({ driver: 'fs', root }), close: () => rm(root, { recursive: true, force: true }) };
});

let s3: TestS3 | undefined;
storageSuite('S3 storage', async () => {
  s3 = await startTestS3(process.env);
  return { storage: createStorage(s3.config), close: () => s3!.close() };
});

describe('filesystem storage specifics', () => {
  let root: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-fs-'));
    storage = createStorage({ driver: 'fs', root });
    await storage.init();
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('creates one directory per bucket and stores objects at <root>/<bucket>/<key>', async () => {
    expect((await readdir(root)).sort()).toContain('course_covers');
    const key = newKey('user-3', 'webp');
    await storage.put('avatars', key, Buffer.from('x'), WEBP);
    expect(await readdir(join(root, 'avatars', 'user-3'))).toEqual([key.split('/')[1]]);
  });

  it('has no signed URLs: the app serves files itself', async () => {
    expect(await storage.signedUrl('avatars', 'user-3/a.webp', 60)).toBeNull();
  });

  it('refuses a content type that the key extension does not name, since that is all it keeps', async () => {
    await expect(storage.put('avatars', newKey('user-3', 'webp'), Buffer.from('x'), 'text/html')).rejects.toThrow(/content types/);
  });

  it('does not list or serve a half-written file', async () => {
    await writeFile(join(root, 'avatars', 'user-3', 'b.webp.abc.partial'), 'half');
    // (The prefix is the half-written file's own name: an object stored earlier may start with 'b'.)
    expect(await storage.list('avatars', 'user-3/b.webp')).toEqual([]);
    expect(await storage.get('avatars', 'user-3/b.webp.abc.partial')).toBeNull();
  });
});

describe('S3 signed URLs', () => {
  let own: TestS3;
  let storage: Storage;
  beforeAll(async () => {
    own = await startTestS3(process.env);
    storage = createStorage(own.config);
    await storage.init();
  });
  afterAll(() => own?.close());

  it('signs a short-lived URL that fetches the object without credentials (and only with its signature, on MinIO)', async () => {
    const key = newKey('user-4', 'txt');
    await storage.put('avatars', key, Buffer.from('signed body'), TXT);
    const url = await storage.signedUrl('avatars', key, 60);
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(TXT);
    expect(await res.text()).toBe('signed body');

    // s3rver does not check V4 signatures (nor refuse anonymous reads); a real MinIO does.
    if (own.server === 'minio') {
      const forged = new URL(url!);
      forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
      expect((await fetch(forged)).status).toBe(403);
    }
  });

  it('signs URLs for S3_PUBLIC_URL when browsers reach storage at another address', async () => {
    const publicUrl = `http://localhost:${own.config.port ?? 80}`;
    const viaPublic = createStorage({ ...own.config, publicUrl });
    const key = newKey('user-4', 'txt');
    await viaPublic.put('avatars', key, Buffer.from('public'), TXT);
    const url = await viaPublic.signedUrl('avatars', key, 60);
    expect(url!.startsWith(`${publicUrl}/`)).toBe(true);
    expect(await (await fetch(url!)).text()).toBe('public');
  });
});
