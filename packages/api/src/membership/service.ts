import type { Queryable } from '@app/db';
import { communities, communityBans, communityMembers, joinDeclines } from '@app/db/schema';
import { COMMUNITY_MESSAGES, JOIN_RETRY_DAYS } from '@app/shared/communities';
import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CommunityRole } from '@app/shared/roles';
import type { CommunityRow, Membership } from '../core/access.ts';
import { AppError } from '../core/errors.ts';
import { expireOpenCheckouts } from '../payments/checkouts.ts';
import { stopSubscription } from '../payments/cancellations.ts';
import { publish } from '../platform/live/publish.ts';
import { tellReferrerOfMembers } from '../partners/referrer.ts';
import { membershipTopic } from './events.ts';
import { bellTopic } from '../notifications/events.ts';

const DAY_MS = 86_400_000;

/** The community, or NOT_FOUND 'Community not found.'; `lock` holds its row until the transaction ends. */
export async function loadCommunity(db: Queryable, communityId: string, { lock = false } = {}): Promise<CommunityRow> {
  return loadCommunityWhere(db, eq(communities.id, communityId), { lock });
}

/** The one community `where` finds, or NOT_FOUND with the spec's words. */
export async function loadCommunityWhere(db: Queryable, where: SQL, { lock = false } = {}): Promise<CommunityRow> {
  const query = db.select().from(communities).where(where);
  const [community] = lock ? await query.for('update') : await query;
  if (!community) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
  return community;
}

/** The membership of whoever placed a ban (bans.ts and banToLift join it, on `placerOfBan`). */
export const placerMembership = alias(communityMembers, 'placer_membership');
export const placerOfBan = and(eq(placerMembership.communityId, communityBans.communityId), eq(placerMembership.userId, communityBans.bannedBy));

/**
 * The role the person who placed a ban holds in the community now: 'owner' for its owner, an
 * approved member's role, else null (gone, or no longer approved); what `mayLiftBan` weighs.
 */
export function placerRole(ownerId: string, placerId: string | null, row: { role: CommunityRole | null; status: Membership['status'] | null }): CommunityRole | null {
  if (placerId === null) return null;
  if (placerId === ownerId) return 'owner';
  if (row.status !== 'approved' || !row.role) return null;
  return row.role === 'owner' ? 'member' : row.role;
}

/** The ban of `userId`, locked, with the role its placer holds now; null when not banned. */
export async function banToLift(tx: Queryable, community: { id: string; ownerId: string }, userId: string) {
  const [row] = await tx
    .select({ bannedBy: communityBans.bannedBy, role: placerMembership.role, status: placerMembership.status })
    .from(communityBans)
    .leftJoin(placerMembership, placerOfBan)
    .where(and(eq(communityBans.communityId, community.id), eq(communityBans.userId, userId)))
    .for('update', { of: communityBans });
  return row ? { id: row.bannedBy, role: placerRole(community.ownerId, row.bannedBy, row) } : null;
}

export async function membershipOf(db: Queryable, communityId: string, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row ?? null;
}

export type RefusalReason = 'full' | 'already-member' | 'banned';
export type Admission = { admitted: true; membersCount: number } | { admitted: false; reason: RefusalReason };

/** True while this person is banned from the community: no join, request, invitation or payment admits them. */
export async function isBanned(db: Queryable, communityId: string, userId: string): Promise<boolean> {
  const [ban] = await db
    .select({ userId: communityBans.userId })
    .from(communityBans)
    .where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId)));
  return !!ban;
}

/** SQL: `userId` is not banned from the community in `communityId` (Discover leaves those out for them). */
export const notBannedFrom = (communityId: AnyColumn, userId: string): SQL =>
  sql`not exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communityId} and ${communityBans.userId} = ${userId}::uuid)`;

/**
 * Bans `userId` from the community (in the caller's transaction; the caller has checked that
 * `bannedBy` may): records who, when and why (banning again restates them), ends an approved
 * membership (not the owner's) and revokes the subscription that paid for it, closes a pending
 * request and any open checkout, and tells the person's open pages (their live subscriptions to the
 * community end on `membership.ended`) and the moderators' Banned lists (`bans.changed`).
 */
export async function ban(tx: Queryable, communityId: string, userId: string, bannedBy: string, { reason = null }: { reason?: string | null } = {}): Promise<void> {
  await tx
    .insert(communityBans)
    .values({ communityId, userId, bannedBy, reason })
    .onConflictDoUpdate({ target: [communityBans.communityId, communityBans.userId], set: { bannedBy, reason, createdAt: sql`now()` } });
  const { checkoutId } = await dischargeMember(tx, communityId, userId);
  if (checkoutId) await stopSubscription(tx, checkoutId, 'revoke', 'banned');
  await expireOpenCheckouts(tx, communityId, userId);
  if (await closeRequest(tx, communityId, userId)) await tellApplicant(tx, userId);
  await publish(tx, membershipTopic(communityId), { type: 'bans.changed' });
}

/**
 * Removes an approved member (the moderators' removal, from the members list or a report): the
 * seat is freed, the person waits JOIN_RETRY_DAYS before asking again (join_declines, as a
 * removal), the subscription that paid for the membership is revoked and open checkouts close.
 * `removed` is false when they were not a member (nothing done).
 */
export async function removeMember(tx: Queryable, communityId: string, userId: string): Promise<{ removed: boolean; membersCount: number }> {
  const { removed, membersCount, checkoutId } = await dischargeMember(tx, communityId, userId);
  if (!removed) return { removed, membersCount };
  await recordDecline(tx, communityId, userId, 'removed');
  if (checkoutId) await stopSubscription(tx, checkoutId, 'revoke', 'removed');
  await expireOpenCheckouts(tx, communityId, userId);
  return { removed, membersCount };
}

/** Lifts a ban (and any wait before joining again); false when there was none. */
export async function unban(tx: Queryable, communityId: string, userId: string): Promise<boolean> {
  const lifted = await tx
    .delete(communityBans)
    .where(and(eq(communityBans.communityId, communityId), eq(communityBans.userId, userId)))
    .returning({ userId: communityBans.userId });
  if (lifted.length === 0) return false;
  await tx.delete(joinDeclines).where(and(eq(joinDeclines.communityId, communityId), eq(joinDeclines.userId, userId)));
  await publish(tx, membershipTopic(communityId), { type: 'bans.changed' });
  // Their open page (the banned notice) reads its standing again.
  await tellApplicant(tx, userId);
  return true;
}

/**
 * Makes `userId` an approved member of the community, inside the caller's transaction: takes a
 * seat (the conditional increment holds the seat cap however many joins race, since each waits on
 * the community row and re-checks the cap), then inserts the membership or approves a pending one.
 * When full, already a member or banned nothing changes and the caller decides what
 * that means. `checkoutId` names the checkout whose subscription pays for the membership.
 */
export async function admitMember(tx: Queryable, communityId: string, userId: string, checkoutId: string | null = null): Promise<Admission> {
  if (await isBanned(tx, communityId, userId)) return { admitted: false, reason: 'banned' };
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
    .values({ communityId, userId, role: 'member', status: 'approved', checkoutId })
    .onConflictDoUpdate({
      target: [communityMembers.communityId, communityMembers.userId],
      set: { status: 'approved', joinedAt: sql`now()`, checkoutId },
      setWhere: eq(communityMembers.status, 'pending'),
    })
    .returning({ id: communityMembers.id });
  if (!admitted) {
    // Already a member: give the seat just taken back.
    await tx.update(communities).set({ membersCount: sql`${communities.membersCount} - 1` }).where(eq(communities.id, communityId));
    return { admitted: false, reason: 'already-member' };
  }
  await publish(tx, membershipTopic(communityId), { type: 'member.joined', userId, membersCount: seat.membersCount });
  await tellReferrerOfMembers(tx, communityId, seat.membersCount);
  return { admitted: true, membersCount: seat.membersCount };
}

/** The refusal a person sees when they could not be admitted. */
export function admissionRefused(reason: RefusalReason): AppError {
  if (reason === 'banned') return new AppError('FORBIDDEN', COMMUNITY_MESSAGES.banned);
  return new AppError('CONFLICT', reason === 'full' ? COMMUNITY_MESSAGES.noSeats : COMMUNITY_MESSAGES.alreadyMember);
}

/** Admits `userId` or throws why not (rolling the seat back with the caller's transaction). */
export async function admitOrThrow(tx: Queryable, communityId: string, userId: string): Promise<{ membersCount: number }> {
  const admission = await admitMember(tx, communityId, userId);
  if (!admission.admitted) throw admissionRefused(admission.reason);
  return { membersCount: admission.membersCount };
}

/**
 * Ends an approved membership (leaving, removal, or the end of the subscription that pays for it:
 * `paidBy`, which then must be the membership's checkout) and gives its seat back; `removed` is
 * false when there was none; the row goes, and with it any role (admin, moderator) the person had.
 * The owner's membership is never ended here. `checkoutId` is the
 * checkout whose subscription paid for the membership, which the caller may have to stop.
 */
export async function dischargeMember(
  tx: Queryable,
  communityId: string,
  userId: string,
  { paidBy }: { paidBy?: string } = {},
): Promise<{ removed: boolean; membersCount: number; checkoutId: string | null }> {
  const removed = await tx
    .delete(communityMembers)
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        eq(communityMembers.userId, userId),
        eq(communityMembers.status, 'approved'),
        ne(communityMembers.role, 'owner'),
        paidBy === undefined ? undefined : eq(communityMembers.checkoutId, paidBy),
      ),
    )
    .returning({ id: communityMembers.id, checkoutId: communityMembers.checkoutId });
  const [row] = await tx
    .update(communities)
    .set({ membersCount: sql`${communities.membersCount} - ${removed.length}` })
    .where(eq(communities.id, communityId))
    .returning({ membersCount: communities.membersCount });
  const membersCount = row?.membersCount ?? 0;
  // Open pages update, and the person's live subscriptions (feed, chat) end on this event.
  if (removed.length > 0) {
    await publish(tx, membershipTopic(communityId), { type: 'membership.ended', userId, membersCount });
    await tellReferrerOfMembers(tx, communityId, membersCount);
  }
  return { removed: removed.length > 0, membersCount, checkoutId: removed[0]?.checkoutId ?? null };
}

/** Withdraws or declines a pending join request; false when there was none. */
export async function closeRequest(tx: Queryable, communityId: string, userId: string): Promise<boolean> {
  const closed = await tx
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), eq(communityMembers.status, 'pending')))
    .returning({ id: communityMembers.id });
  if (closed.length > 0) await publish(tx, membershipTopic(communityId), { type: 'request.closed', userId });
  return closed.length > 0;
}

export type JoinWaitReason = (typeof joinDeclines.$inferSelect)['reason'];

/**
 * Why and until when a declined or removed person waits before asking to join again, or null when
 * nothing holds them back (neither, or it is JOIN_RETRY_DAYS old).
 */
export async function joinWait(db: Queryable, communityId: string, userId: string): Promise<{ until: Date; reason: JoinWaitReason } | null> {
  const [row] = await db
    .select({ declinedAt: joinDeclines.declinedAt, reason: joinDeclines.reason })
    .from(joinDeclines)
    .where(and(eq(joinDeclines.communityId, communityId), eq(joinDeclines.userId, userId)));
  if (!row) return null;
  const until = new Date(row.declinedAt.getTime() + JOIN_RETRY_DAYS * DAY_MS);
  return until.getTime() > Date.now() ? { until, reason: row.reason } : null;
}

/** When a declined or removed person may ask to join again, or null when nothing holds them back. */
export async function askAgainAt(db: Queryable, communityId: string, userId: string): Promise<Date | null> {
  return (await joinWait(db, communityId, userId))?.until ?? null;
}

/** Refuses (CONFLICT, with the days left) joining or paying from someone declined or removed within JOIN_RETRY_DAYS. */
export async function refuseWhileDeclined(db: Queryable, communityId: string, userId: string): Promise<void> {
  const wait = await joinWait(db, communityId, userId);
  if (!wait) return;
  const days = Math.ceil((wait.until.getTime() - Date.now()) / DAY_MS);
  throw new AppError('CONFLICT', wait.reason === 'removed' ? COMMUNITY_MESSAGES.removedWait(days) : COMMUNITY_MESSAGES.declinedWait(days));
}

/** Records a declined request or a removal (in its transaction), restarting the wait before asking again. */
export async function recordDecline(tx: Queryable, communityId: string, userId: string, reason: JoinWaitReason = 'declined'): Promise<void> {
  await tx
    .insert(joinDeclines)
    .values({ communityId, userId, reason })
    .onConflictDoUpdate({ target: [joinDeclines.communityId, joinDeclines.userId], set: { declinedAt: sql`now()`, reason } });
}

/**
 * Tells the applicant's open pages that their request was decided, whatever their notification
 * settings keep from the bell: their bell stream (the one live stream a pending person holds) says
 * something changed, and the pending screen reads its standing again.
 */
export async function tellApplicant(tx: Queryable, userId: string): Promise<void> {
  await publish(tx, bellTopic(userId), { type: 'notifications.changed' });
}
