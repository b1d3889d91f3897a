import { rateLimits } from '@app/db/schema';
import { and, like, not, sql } from 'drizzle-orm';
import { LEASE_PREFIX, type HousekeepingTask } from '../jobs/scheduler.ts';
import { LONGEST_WINDOW_SECONDS } from './limits.ts';

/**
 * Deletes counters whose window is over whatever their limit (a deleted counter starts afresh,
 * as an expired one would). The housekeeping leases share the table and are left alone.
 */
export const pruneRateLimits: HousekeepingTask = {
  name: 'rate-limits',
  everyMs: 10 * 60_000,
  async run({ db }) {
    const removed = await db
      .delete(rateLimits)
      .where(and(not(like(rateLimits.key, `${LEASE_PREFIX}%`)), sql`${rateLimits.windowStart} < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`))
      .returning({ key: rateLimits.key });
    return removed.length;
  },
};
