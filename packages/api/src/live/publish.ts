import type { Queryable } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { sql } from 'drizzle-orm';

/** The NOTIFY channel that announces committed live events; the payload is the event id. */
export const LIVE_CHANNEL = 'live_events';

/**
 * Records a live event in the caller's transaction and announces it: Postgres delivers the NOTIFY
 * only when (and if) that transaction commits, so listeners never hear of a change that rolled back.
 */
export async function publish(tx: Queryable, topic: string, type: string, payload: Record<string, unknown>): Promise<number> {
  const [row] = await tx.insert(liveEvents).values({ topic, type, payload }).returning({ id: liveEvents.id });
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}

export const topics = {
  community: (communityId: string) => `community:${communityId}`,
  /** A conversation: the community and the two people, in a fixed order. */
  conversation: (communityId: string, a: string, b: string) => `conversation:${communityId}:${[a, b].sort().join(':')}`,
  user: (userId: string) => `user:${userId}`,
} as const;
