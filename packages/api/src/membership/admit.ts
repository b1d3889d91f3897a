import type { Queryable } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { publish, topics } from '../live/publish.ts';

/**
 * Makes `userId` an approved member of the community, inside the caller's transaction: takes a
 * seat (the conditional increment holds the seat cap however many joins race, since each waits on
 * the community row and re-checks the cap), then inserts the membership or approves a pending one.
 * CONFLICT 'No available seats in this community.' when full; CONFLICT 'already a member' when they
 * are (the seat taken is then given back by the rollback).
 */
export async function admitMember(tx: Queryable, communityId: string, userId: string): Promise<{ membersCount: number }> {
  const [seat] = await tx
    .update(communities)
    .set({ membersCount: sql`${communities.membersCount} + 1` })
    .where(
      and(
        eq(communities.id, communityId),
        sql`(${communities.availableSeats} is null or ${communities.membersCount} < ${communities.availableSeats})`,
      ),
    )
    .returning({ membersCount: communities.membersCount });
  if (!seat) {
    const [exists] = await tx.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId));
    throw exists
      ? new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.noSeats })
      : new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
  }
  const [admitted] = await tx
    .insert(communityMembers)
    .values({ communityId, userId, role: 'member', status: 'approved' })
    .onConflictDoUpdate({
      target: [communityMembers.communityId, communityMembers.userId],
      set: { status: 'approved', joinedAt: sql`now()` },
      setWhere: eq(communityMembers.status, 'pending'),
    })
    .returning({ id: communityMembers.id });
  if (!admitted) throw new TRPCError({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.alreadyMember });
  return seat;
}

/**
 * Ends an approved membership (leaving or removal) and gives its seat back; false when there was
 * none. The owner's membership is never ended here.
 */
export async function dischargeMember(tx: Queryable, communityId: string, userId: string): Promise<{ removed: boolean; membersCount: number }> {
  const removed = await tx
    .delete(communityMembers)
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        eq(communityMembers.userId, userId),
        eq(communityMembers.status, 'approved'),
        eq(communityMembers.role, 'member'),
      ),
    )
    .returning({ id: communityMembers.id });
  const [row] = await tx
    .update(communities)
    .set({ membersCount: sql`${communities.membersCount} - ${removed.length}` })
    .where(eq(communities.id, communityId))
    .returning({ membersCount: communities.membersCount });
  // Live subscriptions of the person (feed, chat) end on this event.
  if (removed.length > 0) await publish(tx, topics.community(communityId), 'membership.ended', { userId });
  return { removed: removed.length > 0, membersCount: row?.membersCount ?? 0 };
}
