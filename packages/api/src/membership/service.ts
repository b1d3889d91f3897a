import type { Queryable } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { and, eq, sql } from 'drizzle-orm';
import type { CommunityRow, Membership } from '../access.ts';
import { AppError } from '../errors.ts';
import { publish } from '../live/publish.ts';
import { topics } from '../live/topics.ts';

/** The community, or NOT_FOUND 'Community not found.'; `lock` holds its row until the transaction ends. */
export async function loadCommunity(db: Queryable, communityId: string, { lock = false } = {}): Promise<CommunityRow> {
  const query = db.select().from(communities).where(eq(communities.id, communityId));
  const [community] = lock ? await query.for('update') : await query;
  if (!community) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
  return community;
}

export async function membershipOf(db: Queryable, communityId: string, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row ?? null;
}

export type Admission = { admitted: true; membersCount: number } | { admitted: false; reason: 'full' | 'already-member' };

/**
 * Makes `userId` an approved member of the community, inside the caller's transaction: takes a
 * seat (the conditional increment holds the seat cap however many joins race, since each waits on
 * the community row and re-checks the cap), then inserts the membership or approves a pending one.
 * When full or already a member nothing changes and the caller decides what that means.
 */
export async function admitMember(tx: Queryable, communityId: string, userId: string): Promise<Admission> {
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
    await loadCommunity(tx, communityId);
    return { admitted: false, reason: 'full' };
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
  if (!admitted) {
    // Already a member: give the seat just taken back.
    await tx.update(communities).set({ membersCount: sql`${communities.membersCount} - 1` }).where(eq(communities.id, communityId));
    return { admitted: false, reason: 'already-member' };
  }
  await publish(tx, topics.community(communityId), { type: 'member.joined', userId, membersCount: seat.membersCount });
  return { admitted: true, membersCount: seat.membersCount };
}

/** The refusal a person sees when they could not be admitted. */
export function admissionRefused(reason: 'full' | 'already-member'): AppError {
  return new AppError('CONFLICT', reason === 'full' ? COMMUNITY_MESSAGES.noSeats : COMMUNITY_MESSAGES.alreadyMember);
}

/** Admits `userId` or throws why not (rolling the seat back with the caller's transaction). */
export async function admitOrThrow(tx: Queryable, communityId: string, userId: string): Promise<{ membersCount: number }> {
  const admission = await admitMember(tx, communityId, userId);
  if (!admission.admitted) throw admissionRefused(admission.reason);
  return { membersCount: admission.membersCount };
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
  const membersCount = row?.membersCount ?? 0;
  // Open pages update, and the person's live subscriptions (feed, chat) end on this event.
  if (removed.length > 0) await publish(tx, topics.community(communityId), { type: 'membership.ended', userId, membersCount });
  return { removed: removed.length > 0, membersCount };
}

/** Withdraws or declines a pending join request; false when there was none. */
export async function closeRequest(tx: Queryable, communityId: string, userId: string): Promise<boolean> {
  const closed = await tx
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), eq(communityMembers.status, 'pending')))
    .returning({ id: communityMembers.id });
  if (closed.length > 0) await publish(tx, topics.community(communityId), { type: 'request.closed', userId });
  return closed.length > 0;
}
