import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationOutbox } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffSeconds, createOutboxWorker, enqueueNotification } from './outbox.ts';
import { createTaskWorker, enqueueTask } from './tasks.ts';
import { useTestDatabase } from '../../testing/index.ts';

const SECRET = `whsec_${Buffer.from('outbox-test-secret-0123456789').toString('base64')}`;

const scene = useTestDatabase();
let server: Server;
let url: string;
/** The endpoint answers 503 while `down`; every request is recorded. */
let down = true;
/** While set, the endpoint holds each request until it resolves. */
let hold: Promise<void> | null = null;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      void (hold ?? Promise.resolve()).then(() => res.writeHead(down ? 503 : 204).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function rowOf(id: number) {
  const [row] = await scene.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id));
  return row!;
}

describe('notification outbox', () => {
  it('backs off 1, 2, 4 … seconds, capped at an hour', () => {
    expect([1, 2, 3, 4, 13, 40].map(backoffSeconds)).toEqual([1, 2, 4, 8, 3600, 3600]);
  });

  it('keeps a notification while the endpoint is down and delivers it once, signed, when it answers', async () => {
    await scene.database.db.transaction((tx) => enqueueNotification(tx, 'post.created', { communityName: 'Garden Club', postTitle: 'Hello' }));
    const [queued] = await scene.database.db.select().from(notificationOutbox);
    const worker = createOutboxWorker({ database: scene.database, url, secret: SECRET });

    expect(await worker.deliverDue()).toBe(0);
    let row = await rowOf(queued!.id);
    expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'answered 503' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    expect(await worker.deliverDue()).toBe(0);
    expect(received).toHaveLength(1);

    down = false;
    await scene.database.db.update(notificationOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await worker.deliverDue()).toBe(1);
    row = await rowOf(queued!.id);
    expect(row.deliveredAt).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(await worker.deliverDue()).toBe(0);
    expect(received).toHaveLength(2);

    const last = received.at(-1)!;
    const verified = new Webhook(SECRET).verify(last.body, {
      'webhook-id': String(last.headers['webhook-id']),
      'webhook-timestamp': String(last.headers['webhook-timestamp']),
      'webhook-signature': String(last.headers['webhook-signature']),
    });
    expect(verified).toEqual({ type: 'post.created', data: { communityName: 'Garden Club', postTitle: 'Hello' } });
  });

  it('wakes on NOTIFY when a notification is queued while it runs', async () => {
    const worker = createOutboxWorker({ database: scene.database, url, secret: null, pollMs: 60_000 });
    await worker.start();
    const before = received.length;
    await scene.database.db.transaction((tx) => enqueueNotification(tx, 'post.created', { postTitle: 'Woken' }));
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(before + 1);
    await worker.stop();
    expect(JSON.parse(received.at(-1)!.body)).toEqual({ type: 'post.created', data: { postTitle: 'Woken' } });
  });

  it('holds no transaction open while the endpoint is slow, and a second process does not send the row again', async () => {
    down = false;
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    await scene.database.db.transaction((tx) => enqueueNotification(tx, 'post.created', { postTitle: 'Slow endpoint' }));
    const before = received.length;
    const worker = createOutboxWorker({ database: scene.database, url, secret: null });
    const other = createOutboxWorker({ database: scene.database, url, secret: null });
    const delivering = worker.deliverDue();
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(before + 1);

    // The request is in flight: no connection of ours sits in a transaction…
    if (scene.database.url) {
      const [open] = await scene.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`);
      expect(open!.count).toBe(0);
    } else {
      expect(scene.database.kind).toBe('pglite');
    }
    // …and the claimed row is not sent again by another process meanwhile.
    expect(await other.deliverDue()).toBe(0);
    release();
    expect(await delivering).toBe(1);
    hold = null;
    expect(received.length).toBe(before + 1);
  });
});

describe('queue wake-ups', () => {
  it('wake a worker only for the rows it takes: other kinds of task cost it no pass', async () => {
    let updates = 0;
    // The real database, its updates counted: each pass claims with one, each row done is one more.
    const db = new Proxy(scene.database.db, { get: (target, key, receiver) => (key === 'update' && (updates += 1), Reflect.get(target, key, receiver)) });
    const ran: string[] = [];
    const log = { warn: () => undefined, error: () => undefined };
    const mine = createTaskWorker({ database: { ...scene.database, db }, task: 'test.mine', run: async () => void ran.push('mine'), log, pollMs: 60_000 });
    const other = createTaskWorker({ database: scene.database, task: 'test.other', run: async () => void ran.push('other'), log, pollMs: 60_000 });
    await mine.start();
    await other.start();
    await expect.poll(() => updates).toBe(1);
    for (let i = 0; i < 3; i += 1) await scene.database.db.transaction((tx) => enqueueTask(tx, 'test.other', { i }));
    await expect.poll(() => ran.length).toBe(3);
    await scene.database.db.transaction((tx) => enqueueTask(tx, 'test.mine', {}));
    await expect.poll(() => ran.at(-1)).toBe('mine');
    await mine.stop();
    await other.stop();
    // The pass it started with, then one claim and one row done for its own task: none for the others'.
    expect(updates).toBe(3);
  });
});
