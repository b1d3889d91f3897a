import type { Database, Queryable } from '@app/db';
import { notificationOutbox } from '@app/db/schema';
import { and, isNotNull, lte, notLike, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createQueueWorker, OUTBOX_CHANNEL, type QueuedRow } from './queue.ts';

export { backoffSeconds, OUTBOX_CHANNEL } from './queue.ts';

/**
 * Outbox rows whose event starts with this are tasks for this server's own workers (tasks.ts: e.g.
 * stopping a subscription), never notifications: the notification worker leaves them alone.
 */
export const TASK_EVENT_PREFIX = 'task:';
const notATask = notLike(notificationOutbox.event, `${TASK_EVENT_PREFIX}%`);

/** Queues a webhook notification in the caller's transaction; the worker sends it after the commit. */
export async function enqueueNotification(tx: Queryable, event: string, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(notificationOutbox).values({ event, payload });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${event})`);
}

export interface OutboxWorkerOptions {
  database: Database;
  /** Where notifications are POSTed; null: nothing is sent and rows are only kept for `retentionDays`. */
  url: string | null;
  /** Standard Webhooks secret (`whsec_…` base64) the receiver verifies signatures with; null: unsigned. */
  secret: string | null;
  /** Checks for due retries this often (new rows wake the worker at once through NOTIFY). */
  pollMs?: number;
  timeoutMs?: number;
  batchSize?: number;
  retentionDays?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface OutboxWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Sends what is due now; resolves with how many were delivered (tests call it directly). */
  deliverDue(): Promise<number>;
}

/**
 * Delivers queued notifications to the webhook with retries and exponential backoff, on the queue
 * worker (queue.ts): claimed in one statement, sent with no transaction open, never twice at once.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, url, pollMs = 5000, timeoutMs = 10_000, batchSize = 20, retentionDays = 7 } = options;
  const signer = options.secret ? new Webhook(options.secret) : null;

  async function send(row: QueuedRow): Promise<void> {
    const id = `outbox_${row.id}`;
    const body = JSON.stringify({ type: row.event, data: row.payload });
    const timestamp = new Date();
    const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)) };
    if (signer) headers['webhook-signature'] = signer.sign(id, timestamp, body);
    const res = await fetch(url!, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`answered ${res.status}`);
  }

  async function prune() {
    const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
    // Done rows past retention; with no endpoint, notifications are never sent, so all of them (tasks wait until done).
    const done = and(isNotNull(notificationOutbox.deliveredAt), lte(notificationOutbox.deliveredAt, cutoff));
    const old = url ? done : or(done, and(lte(notificationOutbox.createdAt, cutoff), notATask));
    await database.db.delete(notificationOutbox).where(old);
  }

  // Hourly housekeeping: delivered rows (or, with no endpoint, all rows) past retention.
  let polls = 0;
  const prunePolls = Math.max(1, Math.round(3_600_000 / pollMs));
  const worker = createQueueWorker({
    database,
    // Without an endpoint nothing is sent: the rows only wait to be pruned (no pass, no wake-up per queued row).
    match: url ? notATask : null,
    wakesFor: (event) => !event.startsWith(TASK_EVENT_PREFIX),
    run: send,
    onFailure: ({ id, attempts, error }) => options.log?.warn({ id, attempts, error }, 'notification webhook failed; will retry'),
    onPassError: (err) => options.log?.error({ err }, 'notification outbox pass failed'),
    pollMs,
    batchSize,
    // A send is given up after timeoutMs: past twice that, the row is free for another process.
    leaseSeconds: Math.ceil((timeoutMs * 2) / 1000),
    everyPoll: async () => {
      polls += 1;
      if (polls % prunePolls === 0) await prune();
    },
  });
  return { start: worker.start, stop: worker.stop, deliverDue: worker.runDue };
}
