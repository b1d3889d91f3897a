import type { Readable } from 'node:stream';
import { checkouts, communityMembers, dataExports, lessonCompletions, memberPoints, notificationOutbox, notificationPreferences, notifications, partnerEarnings, payments, profiles } from '@app/db/schema';
import { EXPORT_MESSAGES } from '@app/shared/exports';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TASK } from '../notifications/email/jobs.ts';
import { callerFor, createTestCommunity, jsonIn, storeTestUpload, testChatKeys, testStorage, testSubscription, unlimitedRateLimiter, unzip, useTestWorld } from '../testing/index.ts';
import type { Storage } from '@app/storage';
import { membersCsv } from './members.ts';
import { deleteExpiredExports, downloadableExport, EXPORT_BUCKET } from './service.ts';
import { createExportWorker, EXPORT_MAX_ATTEMPTS } from './worker.ts';

const scene = useTestWorld();
const log = { warn() {}, error() {}, info() {} };
const exportsOf = (userId: string | null) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter }).exports;
const worker = (storage: Storage = testStorage()) => createExportWorker({ database: scene.database, storage, chatKeys: testChatKeys, publicUrl: 'http://localhost:3000', log });

/** The archive the export's row names, read back from storage. */
async function archiveOf(exportId: string) {
  const [row] = await scene.database.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  const object = await testStorage().get(EXPORT_BUCKET, row!.storageKey!);
  return unzip(Buffer.concat(await object!.stream.toArray()));
}

describe('export my data', () => {
  let exportId: string;

  beforeAll(async () => {
    const { world, database } = scene;
    const as = (userId: string) => callerFor(database, userId, { rateLimiter: unlimitedRateLimiter });
    // What the member has beyond the world's post, comment and message to the other member: a reply
    // from them, an attachment, a completed lesson, points, a payment and a partner's ledger.
    await as(world.other).chat.send({ communityId: world.community.id, userId: world.member, text: 'Our secret: marmalade' });
    // A conversation the member is not in: never in their export.
    await as(world.other).chat.send({ communityId: world.community.id, userId: world.owner, text: 'Owner-only words' });
    const fileKey = await storeTestUpload(database, world.member, 'documents-post', `${world.member}/notes-1.txt`, Buffer.from('my own notes'), 'text/plain; charset=utf-8');
    await as(world.member).posts.create({ communityId: world.community.id, content: 'With a file', attachmentKey: fileKey });
    await storeTestUpload(database, world.other, 'documents-post', `${world.other}/theirs.txt`, Buffer.from('not yours'), 'text/plain; charset=utf-8');
    await database.db.insert(lessonCompletions).values({ userId: world.member, lessonId: world.lesson.id, courseId: world.course.id });
    await database.db.insert(memberPoints).values({ communityId: world.community.id, userId: world.member, points: 21 });
    const [checkout] = await database.db.insert(checkouts).values({ communityId: world.community.id, userId: world.member, amountCents: 900, provider: 'local', status: 'paid' }).returning();
    await database.db.insert(payments).values({ communityId: world.community.id, userId: world.member, amountCents: 900, periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * 86_400_000), provider: 'local', providerRef: checkout!.id });
    await as(world.member).partners.join();
    await database.db.insert(partnerEarnings).values({ partnerId: world.member, kind: 'commission', baseCents: 1000, rateBasisPoints: 500, amountCents: 50 });
  });

  it('is asked for once at a time, live, and built by the job into a ZIP of only the person’s data', async () => {
    const { world, database } = scene;
    const live = await testSubscription((signal) => callerFor(database, world.member, { signal }).exports.onChange({}));
    const first = live.next();
    expect(await exportsOf(world.member).latest()).toBeNull();
    const asked = await exportsOf(world.member).request({});
    exportId = asked.id;
    expect(asked).toMatchObject({ status: 'preparing', downloadUrl: null });
    await expect(exportsOf(world.member).request({})).rejects.toMatchObject({ code: 'CONFLICT', message: EXPORT_MESSAGES.preparing });
    expect((await first).data).toEqual({ type: 'export.changed', exportId });

    expect(await worker().runDue()).toBe(1);
    expect((await live.next()).data).toEqual({ type: 'export.changed', exportId });
    live.close();
    const ready = await exportsOf(world.member).latest();
    expect(ready).toMatchObject({ id: exportId, status: 'ready', downloadUrl: `/api/exports/${exportId}/download` });
    expect(ready!.expiresAt!.getTime() - ready!.readyAt!.getTime()).toBe(7 * 86_400_000);

    const files = await archiveOf(exportId);
    expect(jsonIn(files, 'profile.json')).toMatchObject({ id: world.member });
    const posts = jsonIn<{ content: string; attachment: string | null }[]>(files, 'posts.json');
    expect(posts.map((p) => p.content).sort()).toEqual(['With a file', 'hello']);
    expect(posts.find((p) => p.content === 'With a file')!.attachment).toBe('files/documents-post/notes-1.txt');
    expect(jsonIn<{ content: string }[]>(files, 'comments.json').map((c) => c.content)).toEqual(['first']);
    // Decrypted, both directions of the member's conversation, and nobody else's.
    const texts = jsonIn<{ text: string; sentByMe: boolean }[]>(files, 'messages.json').map((m) => [m.text, m.sentByMe]);
    expect(texts.sort()).toEqual([['Our secret: marmalade', false], ['hi', true]]);
    expect(files.get('messages.json')!.toString()).not.toContain('Owner-only words');
    expect(jsonIn<{ lesson: string; course: string }[]>(files, 'course-progress.json')).toMatchObject([{ lesson: 'Welcome', course: 'Basics' }]);
    expect(jsonIn<{ points: number; level: number }[]>(files, 'points.json')).toMatchObject([{ points: 21, level: 3 }]);
    const memberships = jsonIn<{ community: string; role: string; points: number }[]>(files, 'memberships.json');
    expect(memberships.find((m) => m.community === world.community.name)).toMatchObject({ role: 'member', status: 'approved', points: 21, level: 3 });
    expect(jsonIn<{ amountCents: number }[]>(files, 'payments.json')).toMatchObject([{ amountCents: 900 }]);
    expect(jsonIn<{ status: string }[]>(files, 'checkouts.json')).toMatchObject([{ status: 'paid' }]);
    expect(jsonIn<{ amountCents: number }[]>(files, 'partner/ledger.json')).toMatchObject([{ kind: 'commission', amountCents: 50 }]);
    expect(jsonIn(files, 'notification-settings.json')).toMatchObject({ mutedCommunities: [] });
    // Their own upload as a file, another person's not.
    expect(files.get('files/documents-post/notes-1.txt')?.toString()).toBe('my own notes');
    expect([...files.keys()].filter((path) => path.startsWith('files/'))).toEqual(['files/documents-post/notes-1.txt']);
    expect(jsonIn(files, 'uploads.json')).toMatchObject([{ file: 'files/documents-post/notes-1.txt', bucket: 'documents-post' }]);
  });

  it('tells the person in the bell and by e-mail, both leading to the download', async () => {
    const { world, database } = scene;
    const bell = await callerFor(database, world.member).notifications.list({});
    expect(bell.items).toMatchObject([{ kind: 'export.ready', data: { exportId } }]);
    // Even with 'Notify me about: nothing': the person asked for it.
    await database.db.insert(notificationPreferences).values({ userId: world.member, notifyMeAbout: 'nothing' }).onConflictDoUpdate({ target: notificationPreferences.userId, set: { notifyMeAbout: 'nothing' } });
    expect((await callerFor(database, world.member).notifications.list({})).items).toMatchObject([{ kind: 'export.ready' }]);
    const [mail] = await database.db.select().from(notificationOutbox).where(and(like(notificationOutbox.event, `%${MAIL_TASK}`), sql`${notificationOutbox.payload}->'content'->>'kind' = 'export'`));
    expect(mail!.payload).toMatchObject({ userId: world.member, content: { kind: 'export', link: `http://localhost:3000/api/exports/${exportId}/download` } });
  });

  it('is served to its person alone, and deleted with its notice once expired', async () => {
    const { world, database } = scene;
    await expect(downloadableExport(database.db, exportId, world.member)).resolves.toMatchObject({ bucket: 'exports', contentType: 'application/zip' });
    for (const other of [world.other, world.owner]) await expect(downloadableExport(database.db, exportId, other)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(downloadableExport(database.db, 'not-a-uuid', world.member)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [row] = await database.db.select().from(dataExports).where(eq(dataExports.id, exportId));

    // Not yet expired: the clean-up leaves it.
    expect(await deleteExpiredExports(database.db, testStorage())).toBe(0);
    await database.db.update(dataExports).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(dataExports.id, exportId));
    await expect(downloadableExport(database.db, exportId, world.member)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await exportsOf(world.member).latest()).toBeNull();
    expect(await deleteExpiredExports(database.db, testStorage())).toBe(1);
    expect(await testStorage().exists(EXPORT_BUCKET, row!.storageKey!)).toBe(false);
    expect(await database.db.$count(dataExports, eq(dataExports.userId, world.member))).toBe(0);
    expect(await database.db.$count(notifications, and(eq(notifications.recipientId, world.member), eq(notifications.kind, 'export.ready')))).toBe(0);
  });

  it('gives up after its attempts fail, and the person may ask again', async () => {
    const { world, database } = scene;
    // Storage that fails before it reads the archive: each archive is stopped (destroyed, with no error of its own to throw).
    const archives: Readable[] = [];
    const broken: Storage = {
      ...testStorage(),
      putStream: (_bucket, _key, body) => {
        archives.push(body);
        return Promise.reject(new Error('storage is down'));
      },
    };
    const asked = await exportsOf(world.other).request({});
    for (let attempt = 1; attempt <= EXPORT_MAX_ATTEMPTS; attempt++) {
      await database.db.update(notificationOutbox).set({ nextAttemptAt: sql`now()` }).where(sql`${notificationOutbox.payload}->>'exportId' = ${asked.id}`);
      await worker(broken).runDue();
    }
    expect(await exportsOf(world.other).latest()).toMatchObject({ id: asked.id, status: 'failed', downloadUrl: null });
    expect(archives.map((archive) => [archive.destroyed, archive.errored])).toEqual(Array.from({ length: EXPORT_MAX_ATTEMPTS }, () => [true, null]));
    expect(await exportsOf(world.other).request({})).toMatchObject({ status: 'preparing' });
  });

  it('is refused to visitors', async () => {
    await expect(exportsOf(null).request({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(exportsOf(null).latest()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe("an owner's members CSV", () => {
  it('lists every approved member with level, points, role and paid status, formula-safe', async () => {
    const { world, database } = scene;
    const community = await createTestCommunity(database, world.owner, { name: `CSV Club ${Date.now()}` });
    await database.db.update(profiles).set({ fullName: '=HYPERLINK("http://evil.example")' }).where(eq(profiles.id, world.other));
    const [checkout] = await database.db.insert(checkouts).values({ communityId: community.id, userId: world.member, amountCents: 500, provider: 'local', status: 'paid' }).returning();
    await database.db.insert(communityMembers).values([
      { communityId: community.id, userId: world.member, status: 'approved', role: 'moderator', checkoutId: checkout!.id, joinedAt: new Date('2026-01-02T03:04:05Z') },
      { communityId: community.id, userId: world.other, status: 'approved', joinedAt: new Date('2026-01-01T00:00:00Z') },
      { communityId: community.id, userId: world.applicant, status: 'pending' },
    ]);
    await database.db.insert(memberPoints).values({ communityId: community.id, userId: world.member, points: 70 });
    let csv = '';
    for await (const lines of membersCsv(database.db, community.id)) csv += lines;
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('"name","username","joined","level","points","role","paid_status"');
    const [member] = await database.db.select().from(profiles).where(eq(profiles.id, world.member));
    const [other] = await database.db.select().from(profiles).where(eq(profiles.id, world.other));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^".*","[^"]+","\d{4}-.*","1","0","owner","owner"$/);
    expect(rows[1]).toBe(`"${member!.fullName ?? member!.username}","${member!.username}","2026-01-02T03:04:05.000Z","4","70","moderator","paid"`);
    expect(rows[2]).toBe(`"'=HYPERLINK(""http://evil.example"")","${other!.username}","2026-01-01T00:00:00.000Z","1","0","member","free"`);
  });
});
