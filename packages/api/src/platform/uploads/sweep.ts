import { uploads } from '@app/db/schema';
import type { Storage } from '@app/storage';
import { sql } from 'drizzle-orm';
import type { HousekeepingLog, HousekeepingTask } from '../jobs/scheduler.ts';
import { deleteObjects, deleteUnreferenced } from './service.ts';

/** An upload nothing references is kept this long: time for the form it was made for to be saved. */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60_000;
const BATCH_SIZE = 100;
/** At most this many batches a round; the rest waits for the next round. */
const MAX_BATCHES = 50;

/**
 * Deletes uploads recorded more than a day ago that no column of the reference registry
 * (references.ts) names: their records in batches, each in a short transaction, then their objects,
 * outside it. Files stored before uploads were recorded have no record and are left alone.
 */
export function sweepUploads({ storage, log }: { storage: Storage; log: HousekeepingLog }): HousekeepingTask {
  return {
    name: 'unreferenced-uploads',
    everyMs: 60 * 60_000,
    async run({ db }) {
      const old = sql`${uploads.createdAt} < now() - make_interval(secs => ${UNREFERENCED_UPLOAD_TTL_MS / 1000})`;
      let removed = 0;
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const rows = await deleteUnreferenced(db, old, BATCH_SIZE);
        if (rows.length === 0) break;
        const { deleted, failed } = await deleteObjects(db, storage, rows);
        if (deleted.length) {
          const files = deleted.map((row) => ({ bucket: row.bucket, key: row.key, userId: row.userId, size: row.size }));
          log.info({ task: 'unreferenced-uploads', files }, `deleted ${deleted.length} unreferenced uploads`);
        }
        removed += deleted.length;
        // Their records are back; trying again at once would meet the same failure.
        if (failed.length) {
          log.error({ err: failed[0]!.error, files: failed.map((f) => `${f.row.bucket}/${f.row.key}`) }, 'deleting unreferenced uploads failed');
          break;
        }
        if (rows.length < BATCH_SIZE) break;
      }
      return removed;
    },
  };
}
