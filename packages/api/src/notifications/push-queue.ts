import type { Queryable } from '@app/db';
import { pushSubscriptions } from '@app/db/schema';
import { inArray } from 'drizzle-orm';
import { enqueueTask } from '../platform/jobs/tasks.ts';

export const PUSH_TASK = 'notifications.push';

/**
 * Queues the pushes of new (or grown) notifications, in the caller's transaction: one task for the
 * lot, and only for people with a device to push to.
 */
export async function pushLater(tx: Queryable, rows: { id: string; recipientId: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const people = [...new Set(rows.map((row) => row.recipientId))];
  const withDevices = new Set(
    (await tx.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, people))).map((row) => row.userId),
  );
  const ids = rows.filter((row) => withDevices.has(row.recipientId)).map((row) => row.id);
  if (ids.length) await enqueueTask(tx, PUSH_TASK, { ids });
}

