import type { Queryable } from '@app/db';
import { communities, partnerEarnings, partnerPayouts } from '@app/db/schema';
import type { partnerPageInput } from '@app/shared/partners';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';
import { toCsv } from '../platform/csv.ts';
import { monthOf } from './service.ts';

type PageInput = z.output<typeof partnerPageInput>;

/** A ledger entry as the partner sees it; the community by its name while it exists. */
const entryColumns = {
  id: partnerEarnings.id,
  kind: partnerEarnings.kind,
  createdAt: partnerEarnings.createdAt,
  month: monthOf(partnerEarnings.createdAt),
  communityId: partnerEarnings.communityId,
  communityName: communities.name,
  baseCents: partnerEarnings.baseCents,
  rateBasisPoints: partnerEarnings.rateBasisPoints,
  amountCents: partnerEarnings.amountCents,
  currency: partnerEarnings.currency,
};

const payoutColumns = {
  id: partnerPayouts.id,
  createdAt: partnerPayouts.createdAt,
  month: monthOf(partnerPayouts.createdAt),
  amountCents: partnerPayouts.amountCents,
  currency: partnerPayouts.currency,
  reference: partnerPayouts.reference,
};

function ledgerQuery(db: Queryable, partnerId: string, input: PageInput | null) {
  return db
    .select({ ...entryColumns, cursorAt: cursorTime(partnerEarnings.createdAt) })
    .from(partnerEarnings)
    .leftJoin(communities, eq(communities.id, partnerEarnings.communityId))
    .where(and(eq(partnerEarnings.partnerId, partnerId), input?.cursor ? olderThan(partnerEarnings.createdAt, partnerEarnings.id, input.cursor) : undefined))
    .orderBy(desc(partnerEarnings.createdAt), desc(partnerEarnings.id))
    .$dynamic();
}

function payoutsQuery(db: Queryable, partnerId: string, input: PageInput | null) {
  return db
    .select({ ...payoutColumns, cursorAt: cursorTime(partnerPayouts.createdAt) })
    .from(partnerPayouts)
    .where(and(eq(partnerPayouts.partnerId, partnerId), input?.cursor ? olderThan(partnerPayouts.createdAt, partnerPayouts.id, input.cursor) : undefined))
    .orderBy(desc(partnerPayouts.createdAt), desc(partnerPayouts.id))
    .$dynamic();
}

/** A page of the partner's ledger, newest first: one entry per payment's commission and per refund's reversal. */
export async function ledgerPage(db: Queryable, partnerId: string, input: PageInput) {
  return pageOf(await ledgerQuery(db, partnerId, input).limit(input.limit + 1), input.limit);
}

/** A page of the payouts recorded for the partner, newest first. */
export async function payoutsPage(db: Queryable, partnerId: string, input: PageInput) {
  return pageOf(await payoutsQuery(db, partnerId, input).limit(input.limit + 1), input.limit);
}

const DELETED_COMMUNITY = '(deleted community)';

/** The whole ledger as CSV, newest first. */
export async function ledgerCsv(db: Queryable, partnerId: string): Promise<string> {
  const rows = await ledgerQuery(db, partnerId, null);
  return toCsv(
    ['date', 'month', 'community', 'entry', 'payment_amount', 'rate_percent', 'amount', 'currency'],
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.month,
      row.communityName ?? DELETED_COMMUNITY,
      row.kind,
      { cents: row.baseCents },
      row.rateBasisPoints / 100,
      { cents: row.amountCents },
      row.currency.toUpperCase(),
    ]),
  );
}

/** Every payout as CSV, newest first. */
export async function payoutsCsv(db: Queryable, partnerId: string): Promise<string> {
  const rows = await payoutsQuery(db, partnerId, null);
  return toCsv(
    ['date', 'month', 'amount', 'currency', 'reference'],
    rows.map((row) => [row.createdAt.toISOString(), row.month, { cents: row.amountCents }, row.currency.toUpperCase(), row.reference]),
  );
}
