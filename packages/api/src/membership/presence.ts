import type { Queryable } from '@app/db';
import { PRESENCE_CACHE_MS } from '@app/shared/constants';
import { communityMembers, liveConnections, profiles, serverProcesses } from '@app/db/schema';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { publishToMany } from '../platform/live/publish.ts';
import { PROCESS_TIMEOUT_SECONDS } from '../platform/rate-limit/live-counts.ts';
import { membershipTopic, type MembershipEvent } from './events.ts';

/** Communities announced in one round at most; the rest learn of it from their pages' refetch interval. */
const ANNOUNCED_MAX = 1000;

type OnlineSet = ReadonlySet<string>;
/** Per database handle (one per process), per community: who was online when, and the read under way. */
const caches = new WeakMap<Queryable, Map<string, { at: number; ids: Promise<OnlineSet> }>>();

/**
 * The community's approved members (the owner among them) who hold a WebSocket open on a live
 * server process, but for those who hide their presence: one query, the members' list index joined
 * to `live_connections` by its subject index (`person:{id}`, what each process holds open now).
 */
async function readOnline(db: Queryable, communityId: string): Promise<OnlineSet> {
  const rows = await db
    .selectDistinct({ userId: communityMembers.userId })
    .from(liveConnections)
    .innerJoin(serverProcesses, eq(serverProcesses.id, liveConnections.processId))
    .innerJoin(communityMembers, eq(liveConnections.subject, sql`'person:' || ${communityMembers.userId}::text`))
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(
      and(
        gt(liveConnections.sockets, 0),
        gt(serverProcesses.seenAt, sql`now() - make_interval(secs => ${PROCESS_TIMEOUT_SECONDS})`),
        eq(communityMembers.communityId, communityId),
        eq(communityMembers.status, 'approved'),
        eq(profiles.hidePresence, false),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/**
 * Who of the community is online, as this process last read it (at most PRESENCE_CACHE_MS ago):
 * any number of viewers cost one query per community per process every few seconds, and none write.
 */
export function onlineIn(db: Queryable, communityId: string): Promise<OnlineSet> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(communityId);
  if (hit && now - hit.at < PRESENCE_CACHE_MS) return hit.ids;
  for (const [id, entry] of cache) if (now - entry.at >= PRESENCE_CACHE_MS) cache.delete(id);
  const ids = readOnline(db, communityId);
  const entry = { at: now, ids };
  cache.set(communityId, entry);
  // A failed read is not kept.
  ids.catch(() => cache.get(communityId) === entry && cache.delete(communityId));
  return ids;
}

/** Forgets what this process read (tests, to see a change before PRESENCE_CACHE_MS has passed). */
export function forgetPresence(db: Queryable): void {
  caches.delete(db);
}

/**
 * Tells open pages of every community these people belong to that who is online may have changed
 * (a person's first socket opened or last closed on this process, or they hid or showed their
 * presence): one `presence.changed` per community, whatever the number of people, carrying no one's
 * id, so a hidden person is not revealed by it. Pages refetch `membership.online`.
 */
export async function announcePresence(db: Queryable, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .selectDistinct({ communityId: communityMembers.communityId })
    .from(communityMembers)
    .where(and(inArray(communityMembers.userId, [...userIds]), eq(communityMembers.status, 'approved')))
    .limit(ANNOUNCED_MAX);
  const event: MembershipEvent = { type: 'presence.changed' };
  return publishToMany(
    db,
    rows.map((row) => membershipTopic(row.communityId)),
    event,
  );
}
