import { preparedPerHandle, type Queryable } from '@app/db';
import { communities, communityBans, communityMembers } from '@app/db/schema';
import DataLoader from 'dataloader';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid, membershipOf, refusal, type Scope, type ScopedRule } from './access.ts';

/**
 * The live subscriptions' re-checks of a person's standing in a community, asked together: the
 * re-checks of one round (platform/live/revalidator.ts) start within one tick, and one query answers
 * every (community, person) pair they ask about, where each used to be a query of its own (at 1,000
 * members a third of the statements the database ran). The answer is the same scope `authorize`
 * loads for a `communityId`, judged by the same `refusal`.
 */

/** Pairs asked about in one query at most. */
const MOST_PER_QUERY = 1000;

const standing = alias(communityMembers, 'standing');

const communityScopesQuery = preparedPerHandle((db) =>
  db
    .select({
      userId: sql<string>`pair.user_id`,
      community: getTableColumns(communities),
      role: standing.role,
      status: standing.status,
      banned: sql<boolean>`exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communities.id} and ${communityBans.userId} = pair.user_id)`,
    })
    .from(sql`jsonb_to_recordset(${sql.placeholder('pairs')}::text::jsonb) as pair(community_id uuid, user_id uuid)`)
    .innerJoin(communities, sql`${communities.id} = pair.community_id`)
    .leftJoin(standing, and(eq(standing.communityId, communities.id), sql`${standing.userId} = pair.user_id`))
    .prepare('community_scopes'),
);

type Pair = { communityId: string; userId: string };

/** The community scopes of many pairs in one query (null where the community is gone). */
async function loadCommunityScopes(db: Queryable, pairs: readonly Pair[]): Promise<Array<Scope | null>> {
  const rows = await communityScopesQuery(db).execute({ pairs: JSON.stringify(pairs.map((p) => ({ community_id: p.communityId, user_id: p.userId }))) });
  const found = new Map<string, Scope>();
  for (const row of rows) {
    const membership = membershipOf(row.community, row.userId, row);
    found.set(`${row.community.id} ${row.userId}`, { community: row.community, membership, subject: null, peer: null, banned: row.banned });
  }
  return pairs.map((p) => found.get(`${p.communityId} ${p.userId}`) ?? null);
}

const loaders = preparedPerHandle(
  (db) =>
    new DataLoader<Pair, Scope | null>((pairs) => loadCommunityScopes(db, pairs), { cache: false, maxBatchSize: MOST_PER_QUERY }),
);

/**
 * Whether `userId` may still act under `rule` in the community (what `stillAllowed` answers for a
 * `{ communityId }`), asked with the other re-checks of the same tick.
 */
export async function stillAllowedInCommunity(db: Queryable, communityId: string, userId: string, rule: ScopedRule): Promise<boolean> {
  if (!isUuid(communityId) || !isUuid(userId)) return false;
  const scope = await loaders(db).load({ communityId, userId });
  return scope !== null && refusal(rule, scope, userId, { key: 'communityId', id: communityId, peerId: null }) === null;
}
