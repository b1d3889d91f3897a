import type { Database, Queryable } from '@app/db';
import { notificationOutbox } from '@app/db/schema';
import { and, asc, isNull, lte, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';

/** NOTIFY channel that wakes the outbox worker when a notification is queued. */
export const OUTBOX_CHANNEL = 'notification_outbox';

/** Queues a webhook notification in the caller's transaction; the worker sends it after the commit. */
export async function enqueueNotification(tx: Queryable, event: string, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(notificationOutbox).values({ event, payload });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Seconds to wait before attempt n+1 after n failures: 1, 2, 4 … capped at an hour. Never gives up. */
export function backoffSeconds(failures: number): number {
  return Math.min(2 ** Math.max(0, failures - 1), 3600);
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
 * Delivers queued notifications with retries and exponential backoff. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several server processes share the work without sending one twice.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, url, pollMs = 5000, timeoutMs = 10_000, batchSize = 20, retentionDays = 7 } = options;
  const signer = options.secret ? new Webhook(options.secret) : null;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function send(row: typeof notificationOutbox.$inferSelect): Promise<void> {
    const id = `outbox_${row.id}`;
    const body = JSON.stringify({ type: row.event, data: row.payload });
    const timestamp = new Date();
    const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)) };
    if (signer) headers['webhook-signature'] = signer.sign(id, timestamp, body);
    const res = await fetch(url!, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`answered ${res.status}`);
  }

  async function deliverDue(): Promise<number> {
    if (!url) return 0;
    return database.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(notificationOutbox)
        .where(and(isNull(notificationOutbox.deliveredAt), lte(notificationOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(notificationOutbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      let delivered = 0;
      for (const row of due) {
        try {
          await send(row);
          await tx.update(notificationOutbox).set({ deliveredAt: sql`now()`, attempts: row.attempts + 1, lastError: null }).where(sql`${notificationOutbox.id} = ${row.id}`);
          delivered += 1;
        } catch (error) {
          const failures = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          await tx
            .update(notificationOutbox)
            .set({ attempts: failures, lastError: message.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(failures)})` })
            .where(sql`${notificationOutbox.id} = ${row.id}`);
          options.log?.warn({ id: row.id, attempts: failures, error: message }, 'notification webhook failed; will retry');
        }
      }
      return delivered;
    });
  }

  async function prune() {
    const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
    const old = url ? lte(notificationOutbox.deliveredAt, cutoff) : lte(notificationOutbox.createdAt, cutoff);
    await database.db.delete(notificationOutbox).where(old);
  }

  /** One pass at a time: a wake-up during a pass queues one more pass after it. */
  function kick() {
    if (stopped) return;
    running = running.then(deliverDue).catch((error: unknown) => options.log?.error({ err: error }, 'notification outbox pass failed'));
  }

  return {
    deliverDue,
    async start() {
      stopped = false;
      if (url) unlisten = await database.listen(OUTBOX_CHANNEL, kick);
      let polls = 0;
      const prunePolls = Math.max(1, Math.round(3_600_000 / pollMs));
      timer = setInterval(() => {
        kick();
        // Hourly housekeeping: delivered rows (or, with no endpoint, all rows) past retention.
        polls += 1;
        if (polls % prunePolls === 0) running = running.then(prune).catch(() => undefined);
      }, pollMs);
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
