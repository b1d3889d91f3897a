import { randomUUID } from 'node:crypto';
import { communityMembers, posts, profiles, uploads } from '@app/db/schema';
import { POST_MESSAGES } from '@app/shared/posts';
import type { BucketName } from '@app/shared/uploads';
import { publicUploadUrl } from '@app/shared/uploads';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createHousekeeping } from '../jobs/scheduler.ts';
import { UPLOAD_REFERENCES } from './references.ts';
import { requireOwnUpload, storageUsed, storeUpload } from './service.ts';
import { sweepUploads } from './sweep.ts';
import { callerFor, createTestCommunity, createTestUser, storeTestUpload, testStorage, useTestDatabase } from '../../testing/index.ts';

const scene = useTestDatabase();
const logged: { details: object; message: string }[] = [];
const log = { info: (details: object, message: string) => logged.push({ details, message }), error: () => undefined };


const sweep = () => createHousekeeping(scene.database, [sweepUploads({ storage: testStorage(), log })], log).runNow('unreferenced-uploads');

/** A recorded upload of `userId` with a fresh key. */
async function uploaded(userId: string, bucket: BucketName, ext = 'webp'): Promise<{ bucket: BucketName; key: string }> {
  return { bucket, key: await storeTestUpload(scene.database, userId, bucket, `${userId}/${randomUUID()}.${ext}`) };
}

/** Moves the upload's record back to `hours` ago. */
async function age({ bucket, key }: { bucket: string; key: string }, hours = 25) {
  await scene.database.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
}

async function isKept({ bucket, key }: { bucket: BucketName; key: string }) {
  const [row] = await scene.database.db.select().from(uploads).where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
  return { recorded: !!row, stored: await testStorage().exists(bucket, key) };
}

describe('the unreferenced-uploads sweeper', () => {
  it('deletes uploads a day old that nothing references, and keeps every referenced kind, fresh ones and unrecorded files', async () => {
    const owner = await createTestUser(scene.database);
    const member = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, owner, { membersCount: 2 });
    await scene.database.db.insert(communityMembers).values({ communityId: community.id, userId: member, role: 'member', status: 'approved' });

    // One referenced upload of each kind, each saved through its procedure.
    const avatar = await uploaded(owner, 'avatars');
    const [me] = await scene.database.db.select().from(profiles).where(eq(profiles.id, owner));
    await callerFor(scene.database, owner).profiles.update({
      username: me!.username,
      contactEmail: '',
      bio: '',
      urls: [],
      category: null,
      language: null,
      avatarUrl: publicUploadUrl(avatar.bucket, avatar.key),
    });
    const logo = await uploaded(owner, 'community-logos');
    await callerFor(scene.database, owner).communities.create({
      name: `Sweeper Club ${Date.now()}`,
      logoUrl: publicUploadUrl(logo.bucket, logo.key),
      category: 'health',
      language: 'english',
      contactEmail: 'hello@sweeper.example',
      availableSeats: null,
      description: '',
      videoUrl: '',
      rules: '',
      partner: null,
    });
    const attachment = await uploaded(member, 'documents-post', 'pdf');
    await callerFor(scene.database, member).posts.create({ communityId: community.id, content: 'see attached', attachmentKey: attachment.key });
    const chatImage = await uploaded(member, 'chat-images');
    await callerFor(scene.database, member).chat.send({ communityId: community.id, userId: owner, attachmentKey: chatImage.key });
    const chatDocument = await uploaded(owner, 'chat-documents', 'pdf');
    await callerFor(scene.database, owner).chat.send({ communityId: community.id, userId: member, attachmentKey: chatDocument.key, fileName: 'plan.pdf' });
    const referenced = [avatar, logo, attachment, chatImage, chatDocument];

    const abandoned = [await uploaded(owner, 'avatars'), await uploaded(member, 'documents-post', 'pdf'), await uploaded(member, 'chat-documents', 'pdf')];
    const fresh = await uploaded(owner, 'community-logos');
    // A file stored before uploads were recorded.
    const legacy = { bucket: 'avatars' as const, key: `${owner}/${randomUUID()}.webp` };
    await testStorage().put(legacy.bucket, legacy.key, Buffer.from('old'), 'image/webp');
    for (const upload of [...referenced, ...abandoned]) await age(upload);
    await age(fresh, 23);
    const usedBefore = await storageUsed(scene.database.db, member);

    logged.length = 0;
    expect(await sweep()).toBe(abandoned.length);
    for (const upload of abandoned) expect(await isKept(upload), upload.key).toEqual({ recorded: false, stored: false });
    for (const upload of [...referenced, fresh]) expect(await isKept(upload), upload.key).toEqual({ recorded: true, stored: true });
    expect(await testStorage().exists(legacy.bucket, legacy.key)).toBe(true);
    // The member's quota got the space back, and the log names every file removed.
    expect(await storageUsed(scene.database.db, member)).toBe(usedBefore - 2 * Buffer.from('file').length);
    const files = logged.flatMap((entry) => (entry.details as { files?: { key: string }[] }).files ?? []).map((f) => f.key);
    expect(files.sort()).toEqual(abandoned.map((u) => u.key).sort());

    expect(await sweep()).toBe(0);
  });

  it('lists every column that holds upload keys or URLs', () => {
    expect(UPLOAD_REFERENCES.map((r) => r.column)).toEqual([
      'profiles.avatar_url',
      'communities.logo_url',
      'posts.attachment_key',
      'messages.attachment_key',
      'courses.cover_url',
      'course_modules.files_urls',
      'course_modules.images_urls',
      'lessons.file_url',
      'community_events.cover_image_url',
      'feedbacks.media_url',
    ]);
  });

  it('keeps an upload that a write is referencing while the sweep runs', async (ctx) => {
    // Needs a second connection: PGlite (the fallback without Postgres) has one, so the sweep would wait for the write.
    if (scene.database.kind !== 'postgres') return ctx.skip();
    const author = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, author);
    const file = await uploaded(author, 'documents-post', 'pdf');
    await age(file);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A post being created: the upload is checked (and locked) but the post is not committed yet.
    const writing = scene.database.db.transaction(async (tx) => {
      await requireOwnUpload(tx, file.bucket, file.key, author, POST_MESSAGES.attachment);
      locked();
      await released;
      await tx.insert(posts).values({ communityId: community.id, userId: author, content: 'late', attachmentKey: file.key, attachmentType: 'application/pdf' });
    });
    await isLocked;
    expect(await sweep()).toBe(0);
    release();
    await writing;
    expect(await sweep()).toBe(0);
    expect(await isKept(file)).toEqual({ recorded: true, stored: true });
  });
});

describe('uploads and the quota', () => {
  it('lets concurrent uploads fill the quota but never pass it, and stores nothing it refuses', async () => {
    const userId = await createTestUser(scene.database);
    const KB = 1024;
    const quota = 1024 * KB;
    const attempts = Array.from({ length: 8 }, () => ({ bucket: 'chat-documents' as const, key: `${userId}/${randomUUID()}.txt`, userId, contentType: 'text/plain; charset=utf-8', body: Buffer.alloc(400 * KB, 'a') }));
    const results = await Promise.all(attempts.map((upload) => storeUpload(scene.database.db, testStorage(), upload, quota)));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await storageUsed(scene.database.db, userId)).toBe(800 * KB);
    for (const [i, result] of results.entries()) {
      expect(await testStorage().exists('chat-documents', attempts[i]!.key)).toBe(result.ok);
    }
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      message: 'This file (400 KB) does not fit in the 224 KB left of your 1 MB of storage. Delete some files and try again.',
    });
  });

  it('frees the space of a deleted post’s file, unless another post still shows it', async () => {
    const author = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, author);
    const file = await uploaded(author, 'documents-post', 'pdf');
    const as = callerFor(scene.database, author).posts;
    const first = await as.create({ communityId: community.id, content: 'one', attachmentKey: file.key });
    const second = await as.create({ communityId: community.id, content: 'two', attachmentKey: file.key });
    await as.delete({ postId: first.id });
    expect(await isKept(file)).toEqual({ recorded: true, stored: true });
    await as.delete({ postId: second.id });
    expect(await isKept(file)).toEqual({ recorded: false, stored: false });
    expect(await storageUsed(scene.database.db, author)).toBe(0);
  });

  it('takes an upload key only from its uploader', async () => {
    const author = await createTestUser(scene.database);
    const other = await createTestUser(scene.database);
    const community = await createTestCommunity(scene.database, author);
    await scene.database.db.insert(communityMembers).values({ communityId: community.id, userId: other, role: 'member', status: 'approved' });
    const file = await uploaded(author, 'documents-post', 'pdf');
    await expect(callerFor(scene.database, other).posts.create({ communityId: community.id, content: 'mine now', attachmentKey: file.key })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: POST_MESSAGES.attachment,
    });
  });
});
