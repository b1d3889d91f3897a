import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES } from '@app/shared/constants';
import { startTestS3, type TestS3 } from '@app/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env.ts';
import { buildTestApp, getAs, signIn, testPng, trpcAnswer, trpcMutation, trpcQuery, upload, uploadForm } from '../testing/index.ts';
import { checkBackup, createBackup, restoreBackup } from './backup.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * One place the app keeps its data: a database (a new one on the test Postgres, else the embedded
 * PGlite in DATA_DIR) and a store (DATA_DIR/uploads, or a fresh S3 bucket prefix), as environment.
 */
async function dataHome(driver: 'fs' | 's3') {
  const dataDir = tempDir('backup-home');
  let s3: TestS3 | null = null;
  if (driver === 's3') {
    s3 = await startTestS3(process.env);
    cleanups.push(() => s3!.close());
  }
  // Empty until opened (a restore's target must be); PGlite in memory when no Postgres answers, unused then.
  const postgres = await createTestDatabase(undefined, { migrate: false });
  cleanups.push(() => postgres.drop());
  const env = { DATA_DIR: dataDir, ...(postgres.url ? { DATABASE_URL: postgres.url } : {}), ...(s3?.env ?? {}) };
  /** The database as the app opens it at start (migrated); without a Postgres, the embedded one in DATA_DIR. */
  const open = async (): Promise<Database> => {
    const database = postgres.url ? postgres : await createDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await database.migrate();
    return database;
  };
  return { env, open, config: () => loadConfig({ NODE_ENV: 'test', ...env }) };
}

const answer = <T,>(res: Awaited<ReturnType<typeof trpcQuery>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return trpcAnswer<T>(res).data!;
};

async function uploaded(app: FastifyInstance, kind: string, body: Buffer, name: string, type: string, cookie: string): Promise<{ key: string; url: string | null }> {
  const res = await upload(app, kind, uploadForm(body, name, type), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A community with a logo, a post with an attachment and a course with a cover, made through the app. */
async function seed(app: FastifyInstance) {
  const email = `backup.${Date.now()}@example.com`;
  const cookie = await signIn(app, email);
  const logo = await uploaded(app, 'community-logo', await testPng(64, 48), 'logo.png', 'image/png', cookie);
  const community = answer<{ id: string; name: string }>(
    await trpcMutation(app, 'communities.create', { name: `Backed up ${Date.now()}`, logoUrl: logo.url, category: CATEGORY_VALUES[0], language: COMMUNITY_LANGUAGE_VALUES[0], contactEmail: 'hello@example.com', availableSeats: null }, cookie),
  );
  const pdf = Buffer.from('%PDF-1.4\n% minutes of the first meeting\n%%EOF\n');
  const attachment = await uploaded(app, 'post-attachment', pdf, 'minutes.pdf', 'application/pdf', cookie);
  answer(await trpcMutation(app, 'posts.create', { communityId: community.id, content: 'Kept safe', feeling: null, attachmentKey: attachment.key }, cookie));
  const cover = await uploaded(app, 'course-cover', await testPng(120, 80, { r: 10, g: 120, b: 200 }), 'cover.png', 'image/png', cookie);
  answer(await trpcMutation(app, 'courses.create', { communityId: community.id, title: 'Restoring', description: 'From a backup', coverKey: cover.key }, cookie));
  return { cookie, community };
}

/** What a member sees of the seed: the community, its feed and courses, and every file's bytes as served. */
async function seen(app: FastifyInstance, { cookie, community }: Awaited<ReturnType<typeof seed>>) {
  const details = answer<{ logoUrl: string }>(await trpcQuery(app, 'communities.byName', { name: community.name }, cookie));
  const feed = answer<{ items: { content: string; attachmentUrl: string }[] }>(await trpcQuery(app, 'posts.list', { communityId: community.id }, cookie));
  const courses = answer<{ title: string; coverUrl: string }[]>(await trpcQuery(app, 'courses.list', { communityId: community.id }, cookie));
  const files: Record<string, string> = {};
  for (const url of [details.logoUrl, feed.items[0]!.attachmentUrl, courses[0]!.coverUrl]) {
    const res = await getAs(app, url, cookie);
    expect(res.statusCode, url).toBe(200);
    files[url] = res.rawPayload.toString('base64');
  }
  return { details, feed, courses, files };
}

describe.each(['fs', 's3'] as const)('a backup of the database and the %s store', (driver) => {
  // Without a Postgres, two embedded databases start and migrate: slow.
  it('restores into a new database and a new store, where the app serves the same communities, posts, courses and files', { timeout: 120_000 }, async () => {
    const source = await dataHome(driver);
    const sourceDatabase = await source.open();
    const app = await buildTestApp(sourceDatabase, source.env);
    const scene = await seed(app);
    const before = await seen(app, scene);
    expect(before.feed.items[0]!.content).toBe('Kept safe');
    expect(before.courses[0]!.title).toBe('Restoring');
    // The embedded database is backed up stopped; Postgres could be running.
    await app.close();
    if (sourceDatabase.kind === 'pglite') await sourceDatabase.close();

    const backupDir = join(tempDir('backup'), 'today');
    const manifest = await createBackup(source.config(), backupDir);
    expect(manifest.files.map((file) => file.bucket).sort()).toEqual(['community-logos', 'course_covers', 'documents-post']);
    expect((await checkBackup(backupDir)).files).toHaveLength(3);

    const target = await dataHome(driver);
    await restoreBackup(target.config(), backupDir);
    const restoredApp = await buildTestApp(await target.open(), target.env);
    cleanups.push(() => restoredApp.close());
    // Sessions are data too: the owner's cookie still signs them in.
    expect(await seen(restoredApp, scene)).toEqual(before);
    // A restore never writes over data: the same backup into the now-full database is refused.
    await expect(restoreBackup(target.config(), backupDir)).rejects.toThrow(/not empty/);
  });
});
