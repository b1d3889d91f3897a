import { callBudgets, rateLimits, serverProcesses } from '@app/db/schema';
import { and, like, lt, not, sql } from 'drizzle-orm';
import { LEASE_PREFIX, type HousekeepingTask } from '../jobs/scheduler.ts';
import { LONGEST_WINDOW_SECONDS } from './limits.ts';

/** A process unseen this long is gone for good: its row and its live counts are deleted (they stopped counting long before). */
export const DEAD_PROCESS_SECONDS = 10 * 60;

/**
 * Deletes counters whose window is over whatever their limit (a deleted counter starts afresh, as an
 * expired one would), call budgets drained whole again, and the processes that died with their live
 * counts. The housekeeping leases share `rate_limits` and are left alone.
 */
export const pruneRateLimits: HousekeepingTask = {
  name: 'rate-limits',
  everyMs: 10 * 60_000,
  async run({ db }) {
    const counters = await db
      .delete(rateLimits)
      .where(and(not(like(rateLimits.key, `${LEASE_PREFIX}%`)), sql`${rateLimits.windowStart} < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`))
      .returning({ key: rateLimits.key });
    const budgets = await db
      .delete(callBudgets)
      .where(sql`${callBudgets.level} <= extract(epoch from now() - ${callBudgets.updatedAt}) * ${callBudgets.perSecond}`)
      .returning({ subject: callBudgets.subject });
    const processes = await db
      .delete(serverProcesses)
      .where(lt(serverProcesses.seenAt, sql`now() - make_interval(secs => ${DEAD_PROCESS_SECONDS})`))
      .returning({ id: serverProcesses.id });
    return counters.length + budgets.length + processes.length;
  },
};
