import { payments } from '@app/db/schema';
import { PARTNER_MESSAGES, usd } from '@app/shared/partners';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordPayout } from './accounts.ts';
import { reverseCommission } from './earnings.ts';
import { totalsOf } from './service.ts';
import { communityCreatedWith, newPartner, payingMember, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

/** Until another connection waits for a lock on this database (a transaction in flight holds it). */
async function someoneWaitsForALock() {
  for (;;) {
    const [row] = await scene.database.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a refund racing a payout (two server processes)', () => {
  it('a payout recorded while a refund is in flight waits for it, and then cannot pay what the refund took back', async () => {
    const partner = await newPartner(scene.database);
    const community = await communityCreatedWith(scene.database, partner.referralCode, { priceCents: 1000 });
    const member = await payingMember(scene.database, community);
    const paymentId = (member.outcome as { paymentId: string }).paymentId;
    expect(await totalsOf(scene.database.db, partner.userId)).toEqual({ earnedCents: 50, paidCents: 0, pendingCents: 50 });

    // Process B: a full refund, its commission reversed, not yet committed.
    const other = await scene.otherProcess();
    let reversed!: () => void;
    const reversedNow = new Promise<void>((resolve) => (reversed = resolve));
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const refund = other.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      await tx.update(payments).set({ refundedCents: 1000, refundedAt: new Date() }).where(eq(payments.id, paymentId));
      const reversal = await reverseCommission(tx, { ...payment!, refundedCents: 1000 }, 1000);
      reversed();
      await committed;
      return reversal;
    });
    await reversedNow;

    // Process A: the admin records a payout of the whole balance as it looked before the refund.
    const payout = recordPayout(scene.database.db, partner.userId, { partnerId: partner.userId, amountCents: 50, reference: '' });
    const settled = payout.then(
      () => 'paid',
      () => 'refused',
    );
    // It waits for the refund's lock (or, were there none, it would be paid at once).
    await Promise.race([someoneWaitsForALock(), settled]);
    commit();
    expect(await refund).toMatchObject({ amountCents: -50 });
    expect(await settled).toBe('refused');
    await expect(payout).rejects.toMatchObject({ code: 'BAD_REQUEST', message: PARTNER_MESSAGES.payoutTooLarge(usd(0)) });
    // What was kept (nothing) was not paid out.
    expect(await totalsOf(scene.database.db, partner.userId)).toEqual({ earnedCents: 0, paidCents: 0, pendingCents: 0 });
  });
});
