import type { Queryable } from '@app/db';
import { partnerReferrals } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
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
