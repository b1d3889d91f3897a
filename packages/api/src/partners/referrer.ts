import type { Queryable } from '@app/db';
import { partnerReferrals } from '@app/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { publish, publishEach } from '../platform/live/publish.ts';
import { partnerTopic } from './events.ts';

/** The partner who referred the community, or null. */
export async function referrerOf(db: Queryable, communityId: string): Promise<string | null> {
  const [row] = await db.select({ partnerId: partnerReferrals.partnerId }).from(partnerReferrals).where(eq(partnerReferrals.communityId, communityId));
  return row?.partnerId ?? null;
}

/**
 * Tells the referring partner's open dashboard (in the caller's transaction) that a referred
 * community's member count moved; nothing when the community was referred by nobody.
 */
export async function tellReferrerOfMembers(tx: Queryable, communityId: string, membersCount: number): Promise<void> {
  const partnerId = await referrerOf(tx, communityId);
  if (partnerId) await publish(tx, partnerTopic(partnerId), { type: 'referral.members', communityId, membersCount });
}

/** `tellReferrerOfMembers` for many communities at once (one query for their partners). */
export async function tellReferrersOfMembers(tx: Queryable, counts: Array<{ communityId: string; membersCount: number }>): Promise<void> {
  if (counts.length === 0) return;
  const referrals = await tx
    .select({ communityId: partnerReferrals.communityId, partnerId: partnerReferrals.partnerId })
    .from(partnerReferrals)
    .where(inArray(partnerReferrals.communityId, counts.map((c) => c.communityId)));
  const countOf = new Map(counts.map((c) => [c.communityId, c.membersCount]));
  await publishEach(
    tx,
    referrals.map(({ communityId, partnerId }) => ({
      topic: partnerTopic(partnerId),
      event: { type: 'referral.members', communityId, membersCount: countOf.get(communityId) ?? 0 },
    })),
  );
}
