import type { Queryable } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { stopSubscription } from '../payments/cancellations.ts';
import { publishEach, publishToMany } from '../platform/live/publish.ts';
import { tellReferrersOfMembers } from '../partners/referrer.ts';
import { membershipTopic } from './events.ts';
import { dischargeMember } from './service.ts';

/**
 * Locks the communities this person belongs to (or asked to join), in id order, before any of
 * their membership rows is touched: the order every decision about a member takes (the community,
 * then the membership: a role change, a removal, an approval), so closing, restoring or erasing an
 * account cannot deadlock with one of them.
 */
export async function lockCommunitiesOf(tx: Queryable, userId: string): Promise<void> {
  const theirs = tx.select({ id: communityMembers.communityId }).from(communityMembers).where(eq(communityMembers.userId, userId));
  await tx.select({ id: communities.id }).from(communities).where(inArray(communities.id, theirs)).orderBy(asc(communities.id)).for('update');
}

/**
 * Moves the count of approved members of each community by `delta` (all in one statement, the rows
 * locked in id order, so two people closing at once cannot deadlock), and tells open pages and the
 * referring partners.
 */
async function recount(tx: Queryable, communityIds: string[], userId: string, delta: 1 | -1): Promise<void> {
  if (communityIds.length === 0) return;
  const ids = [...communityIds].sort();
  await tx.select({ id: communities.id }).from(communities).where(inArray(communities.id, ids)).orderBy(asc(communities.id)).for('update');
  const counts = await tx
    .update(communities)
    .set({ membersCount: sql`greatest(${communities.membersCount} + ${delta}, 0)` })
    .where(inArray(communities.id, ids))
    .returning({ communityId: communities.id, membersCount: communities.membersCount });
  await publishEach(
    tx,
    counts.map(({ communityId, membersCount }) => ({
      topic: membershipTopic(communityId),
      event: delta > 0 ? { type: 'member.joined', userId, membersCount } : { type: 'membership.ended', userId, membersCount },
    })),
  );
  await tellReferrersOfMembers(tx, counts);
}

/**
 * A person closes their account ('Delete my account'), in the caller's transaction. A paid
 * membership ends as leaving ends it (its subscription is cancelled at the end of the month paid);
 * pending requests are withdrawn; free memberships are kept as 'closed': out of every member list,
 * count, mention and chat (all of them read 'approved') until the account is restored. The person
 * owns no community by now (the caller refused that).
 */
export async function suspendMemberships(tx: Queryable, userId: string): Promise<void> {
  await lockCommunitiesOf(tx, userId);
  const mine = and(eq(communityMembers.userId, userId), ne(communityMembers.role, 'owner'));
  const withdrawn = await tx
    .delete(communityMembers)
    .where(and(mine, eq(communityMembers.status, 'pending')))
    .returning({ communityId: communityMembers.communityId });
  await publishToMany(
    tx,
    withdrawn.map((w) => membershipTopic(w.communityId)),
    { type: 'request.closed', userId },
  );
  const paid = await tx
    .select({ communityId: communityMembers.communityId })
    .from(communityMembers)
    .where(and(mine, eq(communityMembers.status, 'approved'), isNotNull(communityMembers.checkoutId)))
    .orderBy(asc(communityMembers.communityId));
  for (const { communityId } of paid) {
    const { checkoutId } = await dischargeMember(tx, communityId, userId);
    if (checkoutId) await stopSubscription(tx, checkoutId, 'at_period_end', 'account_closed');
  }
  const kept = await tx
    .update(communityMembers)
    .set({ status: 'closed' })
    .where(and(mine, eq(communityMembers.status, 'approved'), isNull(communityMembers.checkoutId)))
    .returning({ communityId: communityMembers.communityId });
  await recount(tx, kept.map((k) => k.communityId), userId, -1);
}

/**
 * The account is restored: its memberships kept as 'closed' are approved again, each with its seat
 * back (a community that filled up meanwhile still takes its member back: the seat was theirs).
 */
export async function resumeMemberships(tx: Queryable, userId: string): Promise<void> {
  await lockCommunitiesOf(tx, userId);
  const resumed = await tx
    .update(communityMembers)
    .set({ status: 'approved' })
    .where(and(eq(communityMembers.userId, userId), eq(communityMembers.status, 'closed')))
    .returning({ communityId: communityMembers.communityId });
  await recount(tx, resumed.map((r) => r.communityId), userId, 1);
}
