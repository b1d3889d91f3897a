import { resultRows, type Queryable } from '@app/db';
import { dataExports, notifications } from '@app/db/schema';
import { EXPORT_MESSAGES, EXPORT_VALID_DAYS, exportDownloadPath } from '@app/shared/exports';
import type { Storage } from '@app/storage';
import { and, desc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { enqueueTask } from '../platform/jobs/tasks.ts';
import { publish, publishToMany } from '../platform/live/publish.ts';
import { bellTopic } from '../notifications/events.ts';
import { exportTopic } from './events.ts';

/** The task that builds an export (worker.ts). */
export const EXPORT_TASK = 'exports.build';
/** The bucket exports are written to, at `{userId}/{exportId}.zip`. */
export const EXPORT_BUCKET = 'exports' as const;

export const exportKey = (userId: string, exportId: string) => `${userId}/${exportId}.zip`;

/** What the settings page shows of an export: its state and, once ready, where and until when. */
export interface ExportView {
  id: string;
  status: 'preparing' | 'ready' | 'failed';
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  size: number | null;
  downloadUrl: string | null;
}

type ExportRow = typeof dataExports.$inferSelect;

export function viewOf(row: ExportRow): ExportView {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    size: row.size,
    downloadUrl: row.status === 'ready' ? exportDownloadPath(row.id) : null,
  };
}

/** Not yet expired (a ready export until its expiry; one in preparation or failed until the next). */
const current = sql`(${dataExports.expiresAt} is null or ${dataExports.expiresAt} > now())`;

/** The person's latest export that has not expired, or null. */
export async function latestExport(db: Queryable, userId: string): Promise<ExportView | null> {
  const [row] = await db.select().from(dataExports).where(and(eq(dataExports.userId, userId), current)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ? viewOf(row) : null;
}

/**
 * Asks for an export in one transaction: the row (the unique index refuses a second while one is
 * being prepared), the job that builds it, and a ping to the person's open pages.
 */
export async function requestExport(db: Queryable, userId: string): Promise<ExportView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
    if (!row) throw new AppError('CONFLICT', EXPORT_MESSAGES.preparing);
    await enqueueTask(tx, EXPORT_TASK, { exportId: row.id });
    await publish(tx, exportTopic(userId), { type: 'export.changed', exportId: row.id });
    return viewOf(row);
  });
}

/** An export of the person's, ready and not expired: what the download serves (anyone else: NOT_FOUND). */
export async function downloadableExport(db: Queryable, exportId: string, userId: string) {
  if (!z.uuid().safeParse(exportId).success) throw new AppError('NOT_FOUND', EXPORT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId), eq(dataExports.status, 'ready'), isNotNull(dataExports.storageKey), current));
  if (!row?.storageKey) throw new AppError('NOT_FOUND', EXPORT_MESSAGES.notFound);
  const day = row.createdAt.toISOString().slice(0, 10);
  return { bucket: EXPORT_BUCKET, key: row.storageKey, contentType: 'application/zip', fileName: `commonroom-export-${day}.zip` };
}

/**
 * Records the archive as ready (valid EXPORT_VALID_DAYS), ends the person's older exports (their
 * files go at the next clean-up) and tells their pages; in the caller's transaction. Null when the
 * row is gone (the person deleted meanwhile) or no longer in preparation (a job run twice).
 */
export async function markReady(tx: Queryable, exportId: string, key: string, size: number): Promise<ExportRow | null> {
  const [row] = await tx
    .update(dataExports)
    .set({ status: 'ready', storageKey: key, size, readyAt: sql`now()`, expiresAt: sql`now() + make_interval(days => ${EXPORT_VALID_DAYS})` })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'preparing')))
    .returning();
  if (!row) return null;
  await tx
    .update(dataExports)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(dataExports.userId, row.userId), ne(dataExports.id, row.id)));
  await publish(tx, exportTopic(row.userId), { type: 'export.changed', exportId: row.id });
  return row;
}

/** Gives an export up (the job failed every attempt): the person may ask again at once. */
export async function markFailed(db: Queryable, exportId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataExports)
      .set({ status: 'failed' })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'preparing')))
      .returning();
    if (row) await publish(tx, exportTopic(row.userId), { type: 'export.changed', exportId: row.id });
  });
}

/** Exports removed by one clean-up at most (the rest wait for the next round). */
const EXPIRED_BATCH = 200;

/**
 * Deletes expired exports: their rows and 'ready' notifications first (so nothing leads to them),
 * then their files, outside the transaction. Failed ones go once a day old. Resolves with how many.
 */
export async function deleteExpiredExports(db: Queryable, storage: Storage): Promise<number> {
  const gone = await db.transaction(async (tx) => {
    const rows = resultRows<{ id: string; userId: string; storageKey: string | null }>(
      await tx.execute(sql`
        delete from ${dataExports} where id in (
          select id from ${dataExports}
          where (${lte(dataExports.expiresAt, sql`now()`)}) or (${dataExports.status} = 'failed' and ${dataExports.createdAt} < now() - interval '1 day')
          limit ${EXPIRED_BATCH} for update skip locked)
        returning id, user_id as "userId", storage_key as "storageKey"`),
    );
    if (rows.length) {
      await tx.delete(notifications).where(and(eq(notifications.kind, 'export.ready'), inArray(sql`${notifications.data}->>'exportId'`, rows.map((r) => r.id))));
      for (const row of rows) await publish(tx, exportTopic(row.userId), { type: 'export.changed', exportId: row.id });
      await publishToMany(tx, [...new Set(rows.map((r) => r.userId))].map(bellTopic), { type: 'notifications.changed' });
    }
    return rows;
  });
  for (const row of gone) if (row.storageKey) await storage.delete(EXPORT_BUCKET, row.storageKey);
  return gone.length;
}
