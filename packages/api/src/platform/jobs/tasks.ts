import type { Database, Queryable } from '@app/db';
import { notificationOutbox } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { TASK_EVENT_PREFIX } from './outbox.ts';
import { createQueueWorker, OUTBOX_CHANNEL, type QueueWorker } from './queue.ts';

/**
 * Queues a task in the caller's transaction: it runs after the commit (NOTIFY wakes the worker only
 * then), and is retried until it succeeds. Tasks share the notification outbox's table and backoff.
 */
export async function enqueueTask(tx: Queryable, task: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await enqueueTasks(tx, task, [payload], options);
}

export interface EnqueueOptions {
  /** Give the task up after this many failed attempts (kept as a dead letter); default: retried until done. */
  maxAttempts?: number;
}

/** Queues many tasks of one kind in one statement (a digest's thousands of e-mails). */
export async function enqueueTasks(tx: Queryable, task: string, payloads: Record<string, unknown>[], { maxAttempts }: EnqueueOptions = {}): Promise<void> {
  if (payloads.length === 0) return;
  const event = taskEvent(task);
  await tx.insert(notificationOutbox).values(payloads.map((payload) => ({ event, payload, maxAttempts: maxAttempts ?? null })));
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${event})`);
}

/** The outbox event of a task of this kind. */
function taskEvent(task: string): string {
  return `${TASK_EVENT_PREFIX}${task}`;
}

export interface TaskLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TaskWorkerOptions {
  database: Database;
  task: string;
  /** Does the task (a network call, say); throwing schedules a retry after 1, 2, 4 … seconds, up to an hour. */
  run(payload: unknown, attempt: number, id: number): Promise<void>;
  log: TaskLog;
  pollMs?: number;
  batchSize?: number;
  /** Tasks of a pass run at once; default 1. */
  concurrency?: number;
  /** How long a claimed task is left to its process before another may take it over (a crash mid-call). */
  leaseSeconds?: number;
}

export type TaskWorker = QueueWorker;

/**
 * Runs queued tasks of one kind on the queue worker (queue.ts): claimed with a lease, run with no
 * transaction open, so a slow provider never holds database locks; processes never run a task at
 * once, and one that died mid-task leaves it to be taken over when the lease runs out. At least
 * once: tasks must be idempotent.
 */
export function createTaskWorker(options: TaskWorkerOptions): TaskWorker {
  const { database, run, log, pollMs = 5000, batchSize = 10, leaseSeconds = 300 } = options;
  const event = taskEvent(options.task);
  return createQueueWorker({
    database,
    match: eq(notificationOutbox.event, event),
    wakesFor: (queued) => queued === event,
    run: (row) => run(row.payload, row.attempts, row.id),
    onFailure: ({ id, attempts, error, retryInSeconds, row }) =>
      log.error({ err: error, task: options.task, id, payload: row.payload, attempts, retryInSeconds }, `task ${options.task} failed; will retry`),
    onDead: ({ id, attempts, error, row }) =>
      log.error({ err: error, task: options.task, id, payload: row.payload, attempts }, `task ${options.task} given up after ${attempts} attempts (dead letter kept)`),
    onPassError: (err) => log.error({ err, task: options.task }, 'task pass failed'),
    pollMs,
    batchSize,
    concurrency: options.concurrency,
    leaseSeconds,
  });
}
