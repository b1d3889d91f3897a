import type { Queryable } from '@app/db';
import { rateLimits } from '@app/db/schema';
import { sql } from 'drizzle-orm';
import type { RateLimit } from './limits.ts';

export interface RateLimitHit {
  /** Whether this hit is within the limit. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in one statement: the row is created, or its window restarted when over,
 * or its count raised, atomically, so any number of server processes on the database count together.
 * The database's clock is the only one used.
 */
export async function hitRateLimit(db: Queryable, key: string, limit: RateLimit): Promise<RateLimitHit> {
  const windowLength = sql`make_interval(secs => ${limit.windowSeconds})`;
  // In ON CONFLICT's SET, columns name the row as it was: both CASEs see the old window.
  const expired = sql`${rateLimits.windowStart} <= now() - ${windowLength}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${windowLength} - now())))::int`,
    });
  const hits = row!.hits;
  return { allowed: hits <= limit.max, hits, retryAfterSeconds: Math.max(1, Number(row!.retryAfter)) };
}
