import type { Db, Queryable } from '@app/db';
import { uploads } from '@app/db/schema';
import { storageFullMessage, type BucketName } from '@app/shared/uploads';
import type { Storage } from '@app/storage';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../core/errors.ts';
import { unreferenced } from './references.ts';

export type UploadRow = typeof uploads.$inferSelect;

export interface NewUpload {
  bucket: BucketName;
  key: string;
  userId: string;
  contentType: string;
  body: Buffer;
}

export type StoreResult = { ok: true } | { ok: false; message: string };

/** Names the advisory locks that serialise one person's uploads (the second number is their id's hash). */
const QUOTA_LOCK = 727_002;

/** Bytes `userId` has stored (uploads recorded before the quota existed are not counted). */
export async function storageUsed(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return Number(row!.used);
}

/**
 * Stores an upload within its owner's quota. The record is written first, under a per-person lock
 * that makes two uploads at once take turns, so together they never go past the quota; then the
 * object is stored, and if that fails the record goes too. Refused: nothing is recorded or stored.
 */
export async function storeUpload(db: Db, storage: Storage, upload: NewUpload, quotaBytes: number): Promise<StoreResult> {
  const { body, ...row } = upload;
  const size = body.length;
  const refusal = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${row.userId}))`);
    const used = await storageUsed(tx, row.userId);
    if (used + size > quotaBytes) return storageFullMessage(quotaBytes, used, size);
    await tx.insert(uploads).values({ ...row, size });
    return null;
  });
  if (refusal) return { ok: false, message: refusal };
  try {
    await storage.put(row.bucket, row.key, body, row.contentType);
  } catch (error) {
    await db.delete(uploads).where(and(eq(uploads.bucket, row.bucket), eq(uploads.key, row.key)));
    throw error;
  }
  return { ok: true };
}

/**
 * Refuses (BAD_REQUEST, `refusal`) unless `key` is an upload `userId` stored in `bucket`. Call it in
 * the transaction that writes the reference: the share lock it takes keeps the sweeper from
 * deleting the upload until the reference is committed, and then the sweeper sees it.
 */
export async function requireOwnUpload(tx: Queryable, bucket: BucketName, key: string | null, userId: string, refusal: string): Promise<void> {
  const [row] = key
    ? await tx
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key), eq(uploads.userId, userId)))
        .for('share')
    : [];
  if (!row) throw new AppError('BAD_REQUEST', refusal);
}

/**
 * Deletes up to `limit` records matching `where` that nothing references, and returns them. The
 * rows are locked first (skipping those a writer holds), then deleted by a second statement whose
 * fresh snapshot sees any reference committed meanwhile; writers lock the row before referencing
 * it (requireOwnUpload), so a reference cannot slip between the check and the delete. Short: no
 * storage call happens in it.
 */
export async function deleteUnreferenced(db: Db, where: SQL, limit: number): Promise<UploadRow[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ bucket: uploads.bucket, key: uploads.key })
      .from(uploads)
      .where(and(where, unreferenced()))
      .orderBy(uploads.createdAt)
      .limit(limit)
      .for('update', { of: uploads, skipLocked: true });
    if (candidates.length === 0) return [];
    const pairs = sql.join(
      candidates.map((c) => sql`(${c.bucket}, ${c.key})`),
      sql`, `,
    );
    return tx
      .delete(uploads)
      .where(and(sql`(${uploads.bucket}, ${uploads.key}) in (${pairs})`, unreferenced()))
      .returning();
  });
}

/**
 * Deletes the objects of records already deleted. An object that cannot be deleted gets its record
 * back, so a later sweep tries again; returns the records whose objects are gone.
 */
export async function deleteObjects(db: Db, storage: Storage, rows: UploadRow[]): Promise<{ deleted: UploadRow[]; failed: { row: UploadRow; error: unknown }[] }> {
  const results = await Promise.allSettled(rows.map((row) => storage.delete(row.bucket as BucketName, row.key)));
  const deleted: UploadRow[] = [];
  const failed: { row: UploadRow; error: unknown }[] = [];
  results.forEach((result, i) => (result.status === 'fulfilled' ? deleted.push(rows[i]!) : failed.push({ row: rows[i]!, error: result.reason })));
  // Fails only when the owner's profile is gone meanwhile (the records cascade): the files stay as strays.
  if (failed.length) await db.insert(uploads).values(failed.map((f) => f.row)).onConflictDoNothing().catch(() => undefined);
  return { deleted, failed };
}

/**
 * Removes an upload a change has stopped using (a replaced avatar or logo, a deleted post's or
 * message's file): its record, which frees the owner's quota, then the object. Kept when another
 * row still names it. A file stored before uploads were recorded is removed when nothing names it
 * (nothing can start naming it: references need a record). Best effort: a failure leaves a stray
 * file, which the sweeper removes when it has a record.
 */
export async function discardUpload(db: Db, storage: Storage, bucket: BucketName, key: string): Promise<void> {
  try {
    const match = and(eq(uploads.bucket, bucket), eq(uploads.key, key))!;
    const [deleted] = await deleteUnreferenced(db, match, 1);
    if (deleted) {
      await deleteObjects(db, storage, [deleted]);
      return;
    }
    const [state] = await db
      .select({
        recorded: sql<boolean>`exists (select 1 from ${uploads} where ${match})`,
        unused: sql<boolean>`${unreferenced({ bucket: sql`${bucket}::text`, key: sql`${key}::text` })}`,
      })
      .from(sql`(values (1)) as one (x)`);
    if (state && !state.recorded && state.unused) await storage.delete(bucket, key);
  } catch {
    // Only a stray file is left behind.
  }
}
