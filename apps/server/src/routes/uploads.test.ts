import { join } from 'node:path';
import { readdir } from 'node:fs/promises';
import { uploads } from '@app/db/schema';
import { startTestS3, type TestS3 } from '@app/storage/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIL_ORIGIN, fetchMe, signIn, testDataDir, testPng, upload, uploadForm, useServer } from '../testing/index.ts';

const MB = 1024 * 1024;

const png = testPng;
const form = uploadForm;

/** What one user has in the filesystem store's avatars bucket. */
async function fsAvatarsOf(userId: string): Promise<string[]> {
  return readdir(join(testDataDir(), 'uploads', 'avatars', userId)).catch(() => []);
}

describe('uploads on the filesystem store (the default)', () => {
  const server = useServer();
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    cookie = await signIn(server.app);
    userId = (await fetchMe(server.app, cookie)).data!.id;
  });

  it('refuses a signed-out visitor and stores nothing', async () => {
    const res = await upload(server.app, 'avatar', form(await png(10, 10), 'a.png', 'image/png'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be signed in.' });
  });

  it('stores an avatar as a 256x256 WebP under the uploader, served with long caching', async () => {
    const res = await upload(server.app, 'avatar', form(await png(900, 600), 'me.png', 'image/png'), cookie);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { key: string; url: string; contentType: string; size: number };
    expect(body.key).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}\\.webp$`));
    expect(body.url).toBe(`/uploads/avatars/${body.key}`);
    expect(body.contentType).toBe('image/webp');

    const served = await server.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.length).toBe(body.size);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(await fsAvatarsOf(userId)).toContain(body.key.split('/')[1]);
  });

  it('judges the type by the bytes: text named .png and claimed as image/png is refused, nothing stored', async () => {
    const before = await fsAvatarsOf(userId);
    const res = await upload(server.app, 'avatar', form(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png'), cookie);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported file type.' });
    expect(await fsAvatarsOf(userId)).toEqual(before);
  });

  it('accepts a real image whatever its name and claimed type', async () => {
    const res = await upload(server.app, 'avatar', form(await png(40, 40), 'notes.txt', 'text/plain'), cookie);
    expect(res.statusCode).toBe(201);
  });

  it('refuses a file over the kind limit with the limit in the message, nothing stored', async () => {
    const before = await fsAvatarsOf(userId);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * MB + 1)]);
    const res = await upload(server.app, 'avatar', form(big, 'big.png', 'image/png'), cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File is too large (max 5 MB).' });
    expect(await fsAvatarsOf(userId)).toEqual(before);
  });

  it('refuses an empty file, a missing file field, an unknown kind and a body that is not multipart', async () => {
    expect((await upload(server.app, 'avatar', form(Buffer.alloc(0), 'e.png', 'image/png'), cookie)).statusCode).toBe(400);
    expect((await upload(server.app, 'avatar', form(await png(5, 5), 'a.png', 'image/png', 'picture'), cookie)).statusCode).toBe(400);
    const unknown = await upload(server.app, 'anything', form(await png(5, 5), 'a.png', 'image/png'), cookie);
    expect(unknown.statusCode).toBe(404);
    const json = await server.app.inject({ method: 'POST', url: '/api/uploads/avatar', payload: { file: 'x' }, headers: { cookie } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a cross-site upload', async () => {
    const res = await upload(server.app, 'avatar', form(await png(5, 5), 'a.png', 'image/png'), cookie, { origin: EVIL_ORIGIN });
    expect(res.statusCode).toBe(403);
  });

  it('serves only public buckets, and no path outside them', async () => {
    const res = await upload(server.app, 'chat-document', form(Buffer.from('private notes'), 'n.txt', 'text/plain'), cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { key, url } = res.json() as { key: string; url: string | null };
    expect(url).toBeNull();
    expect((await server.app.inject({ method: 'GET', url: `/uploads/chat-documents/${key}` })).statusCode).toBe(404);
    for (const path of ['/uploads/avatars/..%2F..%2Fpglite', '/uploads/avatars/../chat-documents/x.txt', `/uploads/avatars/${userId}/missing.webp`]) {
      expect((await server.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });

  it('lets the avatar be saved on the profile and then shown to visitors', async () => {
    const res = await upload(server.app, 'avatar', form(await png(300, 300), 'me.png', 'image/png'), cookie);
    const { url } = res.json() as { url: string };
    const me = (await fetchMe(server.app, cookie)).data as unknown as Record<string, unknown>;
    const update = await server.app.inject({
      method: 'POST',
      url: '/trpc/profiles.update',
      headers: { cookie, 'content-type': 'application/json' },
      payload: {
        json: { username: me.username, contactEmail: '', bio: '', urls: [], category: null, language: null, avatarUrl: url },
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    const visitor = await server.app.inject({ method: 'GET', url: `/trpc/profiles.byUsername?input=${encodeURIComponent(JSON.stringify({ json: { username: me.username } }))}` });
    expect((visitor.json() as { result: { data: { json: { avatarUrl: string } } } }).result.data.json.avatarUrl).toBe(url);
  });
});

describe('the storage quota (UPLOAD_QUOTA_MB=1)', () => {
  const server = useServer({ UPLOAD_QUOTA_MB: '1' });
  const KB = 1024;
  const text = (bytes: number) => form(Buffer.alloc(bytes, 'a'), 'notes.txt', 'text/plain');
  const filesOf = (userId: string) => readdir(join(testDataDir(), 'uploads', 'chat-documents', userId)).catch(() => []);
  const recordsOf = (userId: string) => server.database.db.select().from(uploads).where(eq(uploads.userId, userId));
  async function person() {
    const cookie = await signIn(server.app);
    return { cookie, userId: (await fetchMe(server.app, cookie)).data!.id };
  }

  it('records each stored upload, then refuses one past the quota with the limit, storing nothing', async () => {
    const { cookie, userId } = await person();
    const first = await upload(server.app, 'chat-document', text(600 * KB), cookie);
    expect(first.statusCode, first.body).toBe(201);
    const { key } = first.json() as { key: string };
    expect(await recordsOf(userId)).toEqual([
      { bucket: 'chat-documents', key, userId, size: 600 * KB, contentType: 'text/plain; charset=utf-8', createdAt: expect.any(Date) },
    ]);

    const second = await upload(server.app, 'chat-document', text(600 * KB), cookie);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({
      message: 'This file (600 KB) does not fit in the 424 KB left of your 1 MB of storage. Delete some files and try again.',
    });
    expect(await filesOf(userId)).toEqual([key.split('/')[1]]);
    expect(await recordsOf(userId)).toHaveLength(1);

    // What is left still takes a file that fits.
    expect((await upload(server.app, 'chat-document', text(400 * KB), cookie)).statusCode).toBe(201);
    const full = await upload(server.app, 'chat-document', text(30 * KB), cookie);
    expect(full.json()).toEqual({ message: 'This file (30 KB) does not fit in the 24 KB left of your 1 MB of storage. Delete some files and try again.' });
  });

  it('lets only one of two uploads at once take the space left for one', async () => {
    const { cookie, userId } = await person();
    const results = await Promise.all([1, 2, 3].map(() => upload(server.app, 'chat-document', text(450 * KB), cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 413]);
    const records = await recordsOf(userId);
    expect(records).toHaveLength(2);
    expect(records.reduce((sum, r) => sum + r.size, 0)).toBeLessThanOrEqual(1024 * KB);
    expect(await filesOf(userId)).toHaveLength(2);
  });
});

describe('uploads on S3-compatible storage', () => {
  let s3: TestS3;
  let app: FastifyInstance;
  let cookie: string;
  let userId: string;
  const server = useServer();
  beforeAll(async () => {
    s3 = await startTestS3(process.env);
    app = await server.extraApp(s3.env);
    cookie = await signIn(app);
    userId = (await fetchMe(app, cookie)).data!.id;
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('stores the resized image in the S3 bucket and serves it back', async () => {
    const res = await upload(app, 'avatar', form(await png(512, 512), 'me.png', 'image/png'), cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { key, url } = res.json() as { key: string; url: string };
    expect(await app.storage.exists('avatars', key)).toBe(true);
    expect(await app.storage.list('avatars', `${userId}/`)).toEqual([key]);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(256);
  });

  it('refuses a wrong type and an oversized file without storing anything', async () => {
    const before = await app.storage.list('avatars', `${userId}/`);
    expect((await upload(app, 'avatar', form(Buffer.from('%PDF-1.4 not an image'), 'a.png', 'image/png'), cookie)).statusCode).toBe(415);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * MB + 1)]);
    expect((await upload(app, 'avatar', form(big, 'big.png', 'image/png'), cookie)).statusCode).toBe(413);
    expect(await app.storage.list('avatars', `${userId}/`)).toEqual(before);
  });
});
