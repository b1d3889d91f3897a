import type { Db, Queryable } from '@app/db';
import { partnerEarnings, partnerPayouts, partnerReferrals, partners, profiles } from '@app/db/schema';
import { containsPattern } from '@app/shared/communities';
import { PARTNER_MESSAGES, usd, type partnerBalancesInput, type recordPayoutInput } from '@app/shared/partners';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { cents, lockPartner, totalsOf } from './service.ts';
import { partnerTopic } from './events.ts';
import { notify } from '../notifications/service.ts';

const earned = cents(sql`(select sum(${partnerEarnings.amountCents}) from ${partnerEarnings} where ${partnerEarnings.partnerId} = ${partners.userId})`);
const paid = cents(sql`(select sum(${partnerPayouts.amountCents}) from ${partnerPayouts} where ${partnerPayouts.partnerId} = ${partners.userId})`);

/**
 * The admins' view: partners with what they earned, were paid and are owed, those owed most first;
 * optionally those whose username, name, e-mail or referral code contains the search text.
 */
export async function partnerBalances(db: Queryable, input: z.output<typeof partnerBalancesInput>) {
  const pattern = input.search ? sql`lower(${containsPattern(input.search)})` : null;
  const rows = await db
    .select({
      partnerId: partners.userId,
      username: profiles.username,
      fullName: profiles.fullName,
      email: profiles.email,
      referralCode: partners.referralCode,
      since: partners.createdAt,
      referrals: sql<number>`(select count(*) from ${partnerReferrals} where ${partnerReferrals.partnerId} = ${partners.userId})`.mapWith(Number),
      earnedCents: earned,
      paidCents: paid,
    })
    .from(partners)
    .innerJoin(profiles, eq(profiles.id, partners.userId))
    .where(
      pattern
        ? or(
            sql`lower(${profiles.username}) like ${pattern}`,
            sql`lower(${profiles.fullName}) like ${pattern}`,
            sql`lower(${profiles.email}) like ${pattern}`,
            sql`lower(${partners.referralCode}) like ${pattern}`,
          )
        : undefined,
    )
    .orderBy(desc(sql`${earned} - ${paid}`), desc(partners.createdAt))
    .limit(input.limit);
  return rows.map((row) => ({ ...row, pendingCents: row.earnedCents - row.paidCents }));
}

/**
 * A platform admin records money paid to a partner: it moves that much of the pending balance to
 * paid, and never more than is pending. The partner's row is locked while the balance is checked,
 * so two payouts recorded at once cannot both pass it, nor a payout pass it while a refund's
 * reversal (which takes the same lock) is in flight.
 */
export async function recordPayout(db: Db, adminId: string, input: z.output<typeof recordPayoutInput>) {
  return db.transaction(async (tx) => {
    const partner = await lockPartner(tx, input.partnerId);
    if (!partner) throw new AppError('NOT_FOUND', PARTNER_MESSAGES.notPartner);
    const before = await totalsOf(tx, partner.userId);
    if (input.amountCents > before.pendingCents) throw new AppError('BAD_REQUEST', PARTNER_MESSAGES.payoutTooLarge(usd(Math.max(0, before.pendingCents))));
    const [payout] = await tx
      .insert(partnerPayouts)
      .values({ partnerId: partner.userId, amountCents: input.amountCents, reference: input.reference || null, recordedBy: adminId })
      .returning({ id: partnerPayouts.id, createdAt: partnerPayouts.createdAt });
    await publish(tx, partnerTopic(partner.userId), { type: 'payout.recorded', payoutId: payout!.id, amountCents: input.amountCents });
    await notify(tx, [{ recipientId: partner.userId, kind: 'partner.payout', actorId: null, data: { amountCents: input.amountCents }, groupKey: `partner.payout:${payout!.id}` }]);
    return {
      payoutId: payout!.id,
      createdAt: payout!.createdAt,
      earnedCents: before.earnedCents,
      paidCents: before.paidCents + input.amountCents,
      pendingCents: before.pendingCents - input.amountCents,
    };
  });
}
