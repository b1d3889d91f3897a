import { liveEvents } from '@app/db/schema';
import { sql } from 'drizzle-orm';
import type { HousekeepingTask } from '../jobs/scheduler.ts';

/**
 * How far back a reconnecting client is sent what it missed. Older than this, it is told to
 * refetch instead (a `live.reset`), so history is never paged through a subscription.
 */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** Live events are kept a while longer than the replay window (a server whose LISTEN dropped catches up from them), then deleted. */
export const LIVE_EVENTS_RETENTION_MS = 60 * 60_000;

export const pruneLiveEvents: HousekeepingTask = {
  name: 'live-events',
  everyMs: 5 * 60_000,
  async run({ db }) {
    const removed = await db
      .delete(liveEvents)
      .where(sql`${liveEvents.createdAt} < now() - make_interval(secs => ${LIVE_EVENTS_RETENTION_MS / 1000})`)
      .returning({ id: liveEvents.id });
    return removed.length;
  },
};
