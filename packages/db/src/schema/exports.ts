import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { personColumn } from './profiles.ts';

export const dataExportStatus = pgEnum('data_export_status', ['preparing', 'ready', 'failed']);

/**
 * A person's 'Export my data': asked for (preparing), built by a job into a ZIP in the `exports`
 * bucket (ready, until `expires_at`), or failed. The id is random and is the download's address,
 * which serves it to its person alone; housekeeping deletes the file and the row once expired.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: personColumn('user_id'),
    status: dataExportStatus('status').notNull().default('preparing'),
    /** The archive's key in the `exports` bucket, once written. */
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    // Never two at once for one person.
    uniqueIndex('data_exports_one_preparing_idx').on(t.userId).where(sql`${t.status} = 'preparing'`),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
