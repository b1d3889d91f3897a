import { preparedPerHandle, type Queryable } from '@app/db';
import { communities, communityBans, communityMembers } from '@app/db/schema';
import DataLoader from 'dataloader';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid, membershipOf, refusal, type Scope, type ScopedRule } from './access.ts';

/**
 * The live subscriptions' re-checks of a person's standing in a community, asked together: the
 * re-checks of one round (platform/live/revalidator.ts) start within one tick, and one query answers
 * every (community, person, other person) they ask about, where each used to be a query of its own
 * (at 1,000 members a third of the statements the database ran). The answer is the same scope
 * `authorize` loads for a `communityId` (with the chat's other person, `userId`, when one is named),
 * judged by the same `refusal`.
 */

/** Pairs asked about in one query at most. */
const MOST_PER_QUERY = 1000;

const standing = alias(communityMembers, 'standing');
const peerStanding = alias(communityMembers, 'peer_standing');

const communityScopesQuery = preparedPerHandle((db) =>
  db
    .select({
      userId: sql<string>`pair.user_id`,
      peerId: sql<string | null>`pair.peer_id`,
      community: getTableColumns(communities),
      role: standing.role,
      status: standing.status,
      peerStatus: peerStanding.status,
      banned: sql<boolean>`exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communities.id} and ${communityBans.userId} = pair.user_id)`,
    })
    .from(sql`jsonb_to_recordset(${sql.placeholder('pairs')}::text::jsonb) as pair(community_id uuid, user_id uuid, peer_id uuid)`)
    .innerJoin(communities, sql`${communities.id} = pair.community_id`)
    .leftJoin(standing, and(eq(standing.communityId, communities.id), sql`${standing.userId} = pair.user_id`))
    .leftJoin(peerStanding, and(eq(peerStanding.communityId, communities.id), sql`${peerStanding.userId} = pair.peer_id`))
    .prepare('community_scopes'),
);

/** Who asks about which community, and about which other person in it (chat), if any. */
type Pair = { communityId: string; userId: string; peerId: string | null };

const keyOf = (communityId: string, userId: string, peerId: string | null) => `${communityId} ${userId} ${peerId ?? ''}`;

/** The community scopes of many pairs in one query (null where the community is gone). */
async function loadCommunityScopes(db: Queryable, pairs: readonly Pair[]): Promise<Array<Scope | null>> {
  const records = pairs.map((p) => ({ community_id: p.communityId, user_id: p.userId, peer_id: p.peerId }));
  const rows = await communityScopesQuery(db).execute({ pairs: JSON.stringify(records) });
  const found = new Map<string, Scope>();
  for (const row of rows) {
    const { community, peerId } = row;
    const membership = membershipOf(community, row.userId, row);
    const peer = peerId ? { id: peerId, member: peerId === community.ownerId || row.peerStatus === 'approved' } : null;
    found.set(keyOf(community.id, row.userId, peerId), { community, membership, subject: null, peer, banned: row.banned });
  }
  return pairs.map((p) => found.get(keyOf(p.communityId, p.userId, p.peerId)) ?? null);
}

const loaders = preparedPerHandle(
  (db) =>
    new DataLoader<Pair, Scope | null>((pairs) => loadCommunityScopes(db, pairs), { cache: false, maxBatchSize: MOST_PER_QUERY }),
);

/**
 * Whether `userId` may still act under `rule` in the community, about `peerId` when one is named
 * (what `stillAllowed` answers for a `{ communityId, userId: peerId }`), asked with the other
 * re-checks of the same tick.
 */
export async function stillAllowedInCommunity(db: Queryable, communityId: string, userId: string, rule: ScopedRule, peerId: string | null = null): Promise<boolean> {
  if (!isUuid(communityId) || !isUuid(userId) || (peerId !== null && !isUuid(peerId))) return false;
  const scope = await loaders(db).load({ communityId, userId, peerId });
  return scope !== null && refusal(rule, scope, userId, { key: 'communityId', id: communityId, peerId }) === null;
}
