import type { Database } from '@app/db';
import { notificationOutbox } from '@app/db/schema';
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';

/** NOTIFY channel that wakes the queue's workers when a row is queued; the payload is the row's event, so only its worker wakes. */
export const OUTBOX_CHANNEL = 'notification_outbox';

export type QueuedRow = typeof notificationOutbox.$inferSelect;

/** Seconds to wait before attempt n+1 after n failures: 1, 2, 4 … capped at an hour. */
export function backoffSeconds(failures: number): number {
  return Math.min(2 ** Math.max(0, failures - 1), 3600);
}

export interface QueueWorkerOptions {
  database: Database;
  /** Which of the queue's rows this worker takes; null: none (it only keeps house: `everyPoll`, and listens for nothing). */
  match: SQL | null;
  /** Whether a row of this event (a NOTIFY's payload) is one `match` takes: the worker wakes for those only. */
  wakesFor(event: string): boolean;
  /** Does the work of one row; throwing schedules a retry after 1, 2, 4 … seconds, up to an hour. */
  run(row: QueuedRow): Promise<void>;
  /** Reports a row given up after its maxAttempts (kept as a dead letter: dead_at and last_error). */
  onDead?(details: { id: number; attempts: number; error: string; row: QueuedRow }): void;
  /** Reports a failed attempt (a warning for a notification, an error for a task). */
  onFailure(details: { id: number; attempts: number; error: string; retryInSeconds: number; row: QueuedRow }): void;
  onPassError(error: unknown): void;
  /** Checks for due retries this often (new rows wake the worker at once through NOTIFY). */
  pollMs: number;
  batchSize: number;
  /** Rows of a pass worked on at once (an SMTP pool takes several); default 1, in order. */
  concurrency?: number;
  /** How long a claimed row is left to its process before another may take it over (a crash mid-call). */
  leaseSeconds: number;
  /** Runs every poll after the pass (housekeeping). */
  everyPoll?: () => Promise<void>;
}

export interface QueueWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Works off what is due now; resolves with how many rows succeeded (tests call it directly). */
  runDue(): Promise<number>;
}

/**
 * Works off the rows of the notification outbox table it matches, with retries and exponential
 * backoff. A pass claims due rows in one statement (FOR UPDATE SKIP LOCKED, counting the attempt and
 * pushing the next one past a lease), then does them with no transaction open, so a slow endpoint
 * or provider never holds locks: processes never take a row at once, and a row whose process died
 * mid-call is taken over when the lease runs out. At least once: the work must be idempotent. A row
 * with max_attempts is given up after that many failures (dead_at set, last_error kept: the dead
 * letter); without, it is retried until it succeeds.
 */
export function createQueueWorker(options: QueueWorkerOptions): QueueWorker {
  const { database, match, pollMs, batchSize, leaseSeconds } = options;
  const table = notificationOutbox;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function claim() {
    const due = database.db
      .select({ id: table.id })
      .from(table)
      .where(and(match ?? undefined, isNull(table.deliveredAt), isNull(table.deadAt), lte(table.nextAttemptAt, sql`now()`)))
      .orderBy(asc(table.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await database.db
      .update(table)
      .set({ attempts: sql`${table.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(inArray(table.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  async function work(row: QueuedRow): Promise<boolean> {
    try {
      await options.run(row);
      await database.db.update(table).set({ deliveredAt: sql`now()`, lastError: null }).where(eq(table.id, row.id));
      return true;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (row.maxAttempts !== null && row.attempts >= row.maxAttempts) {
        await database.db.update(table).set({ lastError: error.slice(0, 500), deadAt: sql`now()` }).where(eq(table.id, row.id));
        options.onDead?.({ id: row.id, attempts: row.attempts, error, row });
        return false;
      }
      const retryInSeconds = backoffSeconds(row.attempts);
      await database.db
        .update(table)
        .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
        .where(eq(table.id, row.id));
      options.onFailure({ id: row.id, attempts: row.attempts, error, retryInSeconds, row });
      return false;
    }
  }

  /** Works off what is due now, a batch at a time, until a batch comes back short (so a burst drains at once). */
  async function runDue(): Promise<number> {
    if (match === null) return 0;
    let done = 0;
    for (;;) {
      const rows = await claim();
      let next = 0;
      const lanes = Array.from({ length: Math.min(options.concurrency ?? 1, rows.length) }, async () => {
        while (next < rows.length) if (await work(rows[next++]!)) done += 1;
      });
      await Promise.all(lanes);
      if (rows.length < batchSize) return done;
    }
  }

  /** One pass at a time: a wake-up during a pass queues one more pass after it. */
  function kick() {
    if (stopped) return;
    running = running.then(runDue).catch(options.onPassError);
  }

  return {
    runDue,
    async start() {
      stopped = false;
      // Every worker of every process hears each queued row: only the one that takes it makes a pass
      // (an empty payload, from a sender that names no event, wakes them all).
      if (match !== null) unlisten = await database.listen(OUTBOX_CHANNEL, (event) => (event === '' || options.wakesFor(event)) && kick());
      timer = setInterval(() => {
        kick();
        if (options.everyPoll) running = running.then(options.everyPoll).catch(options.onPassError);
      }, pollMs);
      timer.unref();
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
