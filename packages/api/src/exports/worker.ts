import type { Database, Queryable } from '@app/db';
import { dataExports, profiles } from '@app/db/schema';
import { exportDownloadPath } from '@app/shared/exports';
import type { Storage } from '@app/storage';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ChatKeyring } from '../chat/crypto.ts';
import { enqueueEmails } from '../notifications/email/jobs.ts';
import { languageOf } from '../notifications/email/recipients.ts';
import { notify } from '../notifications/service.ts';
import { createHousekeeping, type Housekeeping, type HousekeepingLog, type HousekeepingTask } from '../platform/jobs/scheduler.ts';
import { createTaskWorker, type TaskLog, type TaskWorker } from '../platform/jobs/tasks.ts';
import { exportArchive } from './archive.ts';
import { deleteExpiredExports, EXPORT_BUCKET, EXPORT_TASK, exportKey, markFailed, markReady } from './service.ts';

/** Attempts at building one export before it is given up (failed: the person may ask again). */
export const EXPORT_MAX_ATTEMPTS = 3;

const payload = z.object({ exportId: z.uuid() });

export interface ExportJobsOptions {
  database: Database;
  storage: Storage;
  chatKeys: ChatKeyring;
  /** The e-mail's link is absolute. */
  publicUrl: string;
  log: TaskLog & HousekeepingLog;
}

/**
 * Builds one export: the archive streamed into storage as it is written, then, in one transaction,
 * the row ready, the notification and the e-mail. Run again (a crash, a retry), it writes the same
 * key again; once ready it does nothing.
 */
export async function buildExport({ database, storage, chatKeys, publicUrl }: Omit<ExportJobsOptions, 'log'>, exportId: string): Promise<boolean> {
  const db = database.db;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'preparing') return false;
  const key = exportKey(row.userId, row.id);
  const archive = exportArchive({ db, storage, chatKeys }, row.userId);
  let size: number;
  try {
    size = await storage.putStream(EXPORT_BUCKET, key, archive, 'application/zip');
  } finally {
    // Storage that failed before reading it all leaves the archive reading the database: it stops.
    archive.destroy();
  }
  const ready = await db.transaction(async (tx) => {
    const done = await markReady(tx, row.id, key, size);
    if (done) await tellReady(tx, done.userId, done.id, done.expiresAt!, publicUrl);
    return done;
  });
  if (!ready) await storage.delete(EXPORT_BUCKET, key);
  return ready !== null;
}

/** The bell's notice and the e-mail (always sent: the person asked for it), both leading to the download. */
async function tellReady(tx: Queryable, userId: string, exportId: string, expiresAt: Date, publicUrl: string) {
  await notify(tx, [{ recipientId: userId, kind: 'export.ready', actorId: null, groupKey: `export.ready:${exportId}`, data: { exportId } }]);
  const [person] = await tx.select({ email: profiles.email, language: profiles.interfaceLanguage }).from(profiles).where(eq(profiles.id, userId));
  if (!person) return;
  await enqueueEmails(tx, [
    {
      userId,
      to: person.email,
      language: languageOf(person.language),
      community: null,
      content: { kind: 'export', link: `${publicUrl}${exportDownloadPath(exportId)}`, expiresAt: expiresAt.toISOString() },
      unsubscribe: 'communication',
    },
  ]);
}

/** The worker that builds exports as they are asked for (one at a time per process: each streams a whole archive). */
export function createExportWorker(options: ExportJobsOptions): TaskWorker {
  const { database, log } = options;
  return createTaskWorker({
    database,
    task: EXPORT_TASK,
    log,
    pollMs: 2000,
    batchSize: 1,
    // A large account's archive takes a while: another process takes it over only after this long.
    leaseSeconds: 1800,
    async run(raw, attempt) {
      const task = payload.safeParse(raw);
      if (!task.success) return void log.error({ payload: raw }, 'export task cannot be read; dropped');
      try {
        await buildExport(options, task.data.exportId);
      } catch (error) {
        if (attempt < EXPORT_MAX_ATTEMPTS) throw error;
        log.error({ err: error, exportId: task.data.exportId, attempt }, 'export given up');
        await markFailed(database.db, task.data.exportId);
      }
    },
  });
}

/** Deletes expired exports (their files and notices), hourly, one process a round. */
export function expiredExports(storage: Storage): HousekeepingTask {
  return { name: 'expired-exports', everyMs: 60 * 60_000, run: (database) => deleteExpiredExports(database.db, storage) };
}

/** The exports' background work: building them as they are asked for, deleting them once expired. */
export function createExportJobs(options: ExportJobsOptions) {
  const builder = createExportWorker(options);
  const schedule: Housekeeping = createHousekeeping(options.database, [expiredExports(options.storage)], options.log);
  return {
    builder,
    schedule,
    async start() {
      await builder.start();
      schedule.start();
    },
    async stop() {
      await schedule.stop();
      await builder.stop();
    },
  };
}
export type ExportJobs = ReturnType<typeof createExportJobs>;
