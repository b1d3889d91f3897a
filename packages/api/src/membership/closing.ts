import type { Queryable } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { stopSubscription } from '../payments/cancellations.ts';
import { publish } from '../platform/live/publish.ts';
import { tellReferrerOfMembers } from '../partners/referrer.ts';
import { membershipTopic } from './events.ts';
import { closeRequest, dischargeMember } from './service.ts';

/** Moves a community's count of approved members by `delta` and tells open pages and the referring partner. */
async function recount(tx: Queryable, communityId: string, userId: string, delta: 1 | -1): Promise<void> {
  const [row] = await tx
    .update(communities)
    .set({ membersCount: sql`greatest(${communities.membersCount} + ${delta}, 0)` })
    .where(eq(communities.id, communityId))
    .returning({ membersCount: communities.membersCount });
  const membersCount = row?.membersCount ?? 0;
  const event = delta > 0 ? ({ type: 'member.joined', userId, membersCount } as const) : ({ type: 'membership.ended', userId, membersCount } as const);
  await publish(tx, membershipTopic(communityId), event);
  await tellReferrerOfMembers(tx, communityId, membersCount);
}

/**
 * A person closes their account ('Delete my account'), in the caller's transaction. A paid
 * membership ends as leaving ends it (its subscription is cancelled at the end of the month paid);
 * a pending request is withdrawn; a free membership is kept as 'closed': out of every member list,
 * count, mention and chat (all of them read 'approved' only) until the account is restored.
 * The person owns no community by now (the caller refused that).
 */
export async function suspendMemberships(tx: Queryable, userId: string): Promise<void> {
  const rows = await tx
    .select({ communityId: communityMembers.communityId, status: communityMembers.status, checkoutId: communityMembers.checkoutId })
    .from(communityMembers)
    .where(and(eq(communityMembers.userId, userId), ne(communityMembers.role, 'owner')))
    // Communities in one order, so two people closing at once take their rows' locks alike (no deadlock).
    .orderBy(asc(communityMembers.communityId));
  for (const row of rows) {
    if (row.status === 'pending') {
      await closeRequest(tx, row.communityId, userId);
    } else if (row.status === 'approved' && row.checkoutId) {
      const { checkoutId } = await dischargeMember(tx, row.communityId, userId);
      if (checkoutId) await stopSubscription(tx, checkoutId, 'at_period_end', 'account_closed');
    } else if (row.status === 'approved') {
      await tx
        .update(communityMembers)
        .set({ status: 'closed' })
        .where(and(eq(communityMembers.communityId, row.communityId), eq(communityMembers.userId, userId)));
      await recount(tx, row.communityId, userId, -1);
    }
  }
}

/**
 * The account is restored: its memberships kept as 'closed' are approved again, each with its seat
 * back (a community that filled up meanwhile still takes its member back: the seat was theirs).
 */
export async function resumeMemberships(tx: Queryable, userId: string): Promise<void> {
  const resumed = await tx
    .update(communityMembers)
    .set({ status: 'approved' })
    .where(and(eq(communityMembers.userId, userId), eq(communityMembers.status, 'closed')))
    .returning({ communityId: communityMembers.communityId });
  resumed.sort((a, b) => a.communityId.localeCompare(b.communityId));
  for (const { communityId } of resumed) await recount(tx, communityId, userId, 1);
}
