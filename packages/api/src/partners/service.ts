import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '@app/db';
import { communities, communityMembers, partnerEarnings, partnerPayouts, partnerReferrals, partners } from '@app/db/schema';
import { PARTNER_MESSAGES, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, referralCodeSpellings } from '@app/shared/partners';
import { count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { admitToForum } from './forum.ts';

export type PartnerRow = typeof partners.$inferSelect;

/** The partner programme's row of `userId`, or null when they have not joined it. */
export async function partnerOf(db: Queryable, userId: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.userId, userId));
  return row ?? null;
}

/** A new referral code: 8 characters drawn uniformly (crypto's `randomInt`) from the alphabet without look-alikes. */
export function newReferralCode(): string {
  return Array.from({ length: REFERRAL_CODE_LENGTH }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join('');
}

/** New codes tried before giving up: another partner holding a code is one chance in 10¹¹ per partner. */
const CODE_ATTEMPTS = 5;

/**
 * Joins the partner programme, idempotently: the partner row with its referral code, and an
 * approved membership of the partners' forum, in one transaction. A second click (or a partner who
 * left the forum) changes nothing but the forum membership. `makeCode` is for tests of a taken code.
 */
export async function becomePartner(db: Db, userId: string, makeCode: () => string = newReferralCode): Promise<{ partner: PartnerRow; forumId: string }> {
  return db.transaction(async (tx) => {
    let partner = await partnerOf(tx, userId);
    for (let attempt = 0; attempt < CODE_ATTEMPTS && !partner; attempt++) {
      // Nothing on a conflict: the same person's other click won (found below), or the code is another's (draw again).
      const [made] = await tx.insert(partners).values({ userId, referralCode: makeCode() }).onConflictDoNothing().returning();
      partner = made ?? (await partnerOf(tx, userId));
    }
    if (!partner) throw new AppError('CONFLICT', PARTNER_MESSAGES.codeTaken);
    const forumId = await admitToForum(tx, userId);
    return { partner, forumId };
  });
}

/** The partner whose referral code `code` is (as written, or in capitals), or null. */
export async function partnerByCode(db: Queryable, code: string): Promise<{ userId: string } | null> {
  const [partner] = await db.select({ userId: partners.userId }).from(partners).where(inArray(partners.referralCode, referralCodeSpellings(code))).limit(1);
  return partner ?? null;
}

/** Money as a JS number: sums come back from Postgres as bigint text. */
export const cents = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** A referred community is active while a subscription pays for at least one of its memberships. */
const isActive = sql<boolean>`exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.status} = 'approved' and ${communityMembers.checkoutId} is not null)`;

/**
 * Locks the partner's row until the transaction ends: every change to what a partner is owed (a
 * payout, a refund's reversal) takes it, so a payout checks the balance with no reversal in flight.
 * Null when there is no such partner.
 */
export async function lockPartner(tx: Queryable, partnerId: string): Promise<{ userId: string } | null> {
  const [partner] = await tx.select({ userId: partners.userId }).from(partners).where(eq(partners.userId, partnerId)).for('update');
  return partner ?? null;
}

/** What the partner has earned (the ledger's sum) and been paid (the payouts'), in cents. */
export async function totalsOf(db: Queryable, partnerId: string): Promise<{ earnedCents: number; paidCents: number; pendingCents: number }> {
  const [row] = await db
    .select({
      earnedCents: cents(sql`(select sum(${partnerEarnings.amountCents}) from ${partnerEarnings} where ${partnerEarnings.partnerId} = ${partnerId})`),
      paidCents: cents(sql`(select sum(${partnerPayouts.amountCents}) from ${partnerPayouts} where ${partnerPayouts.partnerId} = ${partnerId})`),
    })
    .from(sql`(select 1) as one`);
  const { earnedCents, paidCents } = row!;
  return { earnedCents, paidCents, pendingCents: earnedCents - paidCents };
}

/** The dashboard lists at most this many referred communities (newest first); the counts cover them all. */
export const REFERRED_LIST_MAX = 100;
/** The ledger's months shown on the dashboard (the CSV has every entry). */
export const LEDGER_MONTHS_MAX = 36;

/** The month (UTC) a ledger entry or payout belongs to, as 'YYYY-MM'. */
export const monthOf = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/**
 * The partner's dashboard: counts of referrals, active communities and their members, the referred
 * communities, the totals, and the ledger summed by month.
 */
export async function partnerDashboard(db: Queryable, partner: PartnerRow) {
  const partnerId = partner.userId;
  const referred = eq(partnerReferrals.partnerId, partnerId);
  const [counts, list, totals, months] = await Promise.all([
    db
      .select({
        referrals: count(),
        activeCommunities: sql<number>`count(*) filter (where ${isActive})`.mapWith(Number),
        totalMembers: cents(sql`sum(${communities.membersCount})`),
      })
      .from(partnerReferrals)
      .innerJoin(communities, eq(communities.id, partnerReferrals.communityId))
      .where(referred),
    db
      .select({
        id: communities.id,
        name: communities.name,
        logoUrl: communities.logoUrl,
        membersCount: communities.membersCount,
        membershipAmountCents: communities.membershipAmountCents,
        referredAt: partnerReferrals.createdAt,
        active: isActive,
        earnedCents: cents(
          sql`(select sum(${partnerEarnings.amountCents}) from ${partnerEarnings} where ${partnerEarnings.partnerId} = ${partnerId} and ${partnerEarnings.communityId} = ${communities.id})`,
        ),
      })
      .from(partnerReferrals)
      .innerJoin(communities, eq(communities.id, partnerReferrals.communityId))
      .where(referred)
      .orderBy(desc(partnerReferrals.createdAt), desc(partnerReferrals.id))
      .limit(REFERRED_LIST_MAX),
    totalsOf(db, partnerId),
    db
      .select({
        month: monthOf(partnerEarnings.createdAt),
        commissionCents: cents(sql`sum(${partnerEarnings.amountCents}) filter (where ${partnerEarnings.kind} = 'commission')`),
        reversedCents: cents(sql`sum(${partnerEarnings.amountCents}) filter (where ${partnerEarnings.kind} = 'reversal')`),
        netCents: cents(sql`sum(${partnerEarnings.amountCents})`),
        entries: count(),
      })
      .from(partnerEarnings)
      .where(eq(partnerEarnings.partnerId, partnerId))
      .groupBy(monthOf(partnerEarnings.createdAt))
      .orderBy(desc(monthOf(partnerEarnings.createdAt)))
      .limit(LEDGER_MONTHS_MAX),
  ]);
  return {
    referralCode: partner.referralCode,
    since: partner.createdAt,
    counts: counts[0] ?? { referrals: 0, activeCommunities: 0, totalMembers: 0 },
    totals,
    months,
    communities: list,
  };
}
