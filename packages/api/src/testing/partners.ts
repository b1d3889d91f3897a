import { randomUUID } from 'node:crypto';
import type { Database } from '@app/db';
import { checkouts, communities, partnerEarnings } from '@app/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { localOrderPaidEvent, localOrderRefundedEvent, localRenewalPaidEvent, localSubscriptionRevokedEvent } from '../payments/local-events.ts';
import { addMonth, handlePolarEvent } from '../payments/webhook.ts';
import { callerFor, createTestUser, storeTestUpload, unlimitedRateLimiter } from './callers.ts';

/**
 * Test support for the partner programme: partners made through partners.join, communities made
 * through communities.create with a referral code (as the wizard sends it), and payments, renewals,
 * refunds and revocations delivered to the webhook handler as Polar would send them.
 */

const quiet = { rateLimiter: unlimitedRateLimiter };

/** Someone who joined the programme; their id and referral code. */
export async function newPartner(database: Database) {
  const userId = await createTestUser(database);
  const { referralCode } = await callerFor(database, userId, quiet).partners.join();
  return { userId, referralCode };
}

let made = 0;
/** A community created through the wizard's procedure by a new owner who arrived with `referralCode`; then priced. */
export async function communityCreatedWith(database: Database, referralCode: string | null, { priceCents = 0, ownerId }: { priceCents?: number; ownerId?: string } = {}) {
  made += 1;
  const owner = ownerId ?? (await createTestUser(database));
  const key = `${owner}/logo-partners-${made}.webp`;
  await storeTestUpload(database, owner, 'community-logos', key, Buffer.from('logo'), 'image/webp');
  const created = await callerFor(database, owner, quiet).communities.create({
    name: `Referred Guild ${made} ${Date.now()}`,
    logoUrl: `/uploads/community-logos/${key}`,
    category: 'business',
    language: 'english',
    contactEmail: 'owner@example.com',
    availableSeats: null,
    description: null,
    rules: null,
    videoUrl: null,
    partner: null,
    referralCode,
  });
  if (priceCents > 0) await database.db.update(communities).set({ membershipAmountCents: priceCents }).where(eq(communities.id, created.id));
  return { ...created, ownerId: owner };
}

const delivery = () => `msg_${randomUUID()}`;

/** A new person who started a checkout of the community; `first` is the `order.paid` that would pay it (at `paidAt`). */
export async function checkoutStarted(database: Database, community: { id: string; name: string }, paidAt = new Date()) {
  const buyer = await createTestUser(database);
  await callerFor(database, buyer, quiet).payments.createCheckout({ communityId: community.id });
  const [checkout] = await database.db.select().from(checkouts).where(and(eq(checkouts.communityId, community.id), eq(checkouts.userId, buyer)));
  const input = { checkout: checkout!, customer: { email: `${buyer}@example.com`, name: null }, communityName: community.name, paidAt };
  return { buyer, checkout: checkout!, input, first: localOrderPaidEvent(input) };
}

/** A new member who paid through a checkout: the first `order.paid` delivered. Later deliveries (renewals, refunds, the revocation) are built from it. */
export async function payingMember(database: Database, community: { id: string; name: string }, paidAt = new Date()) {
  const started = await checkoutStarted(database, community, paidAt);
  const outcome = await handlePolarEvent(database.db, delivery(), started.first);
  return { ...started, outcome };
}

export type PayingMember = Awaited<ReturnType<typeof payingMember>>;

/** The renewal for the `month`th month after the first payment (1: the second month). */
export function renewal(member: PayingMember, month: number) {
  let periodStart = member.input.paidAt;
  for (let i = 0; i < month; i++) periodStart = addMonth(periodStart);
  return localRenewalPaidEvent({ ...member.input, paidAt: periodStart, periodStart, startedAt: member.input.paidAt });
}

/** A refund of the first payment (or of the `month`th renewal): `refundedCents` of it so far. */
export function refund(member: PayingMember, refundedCents: number, month = 0) {
  let periodStart = member.input.paidAt;
  for (let i = 0; i < month; i++) periodStart = addMonth(periodStart);
  const ofRenewal = month > 0 ? { renewal: { periodStart, startedAt: member.input.paidAt } } : {};
  return localOrderRefundedEvent({ ...member.input, refundedCents, refundedAt: new Date(), ...ofRenewal });
}

export function revocation(member: PayingMember) {
  return localSubscriptionRevokedEvent({ ...member.input, startedAt: member.input.paidAt, revokedAt: new Date() });
}

/** Delivers an event under a fresh delivery id (or `id`, to replay one). */
export function deliver(database: Database, event: unknown, id = delivery()) {
  return handlePolarEvent(database.db, id, event);
}

/** The partner's ledger rows, oldest first. */
export function ledgerOf(database: Database, partnerId: string) {
  return database.db
    .select({ kind: partnerEarnings.kind, baseCents: partnerEarnings.baseCents, amountCents: partnerEarnings.amountCents, paymentId: partnerEarnings.paymentId })
    .from(partnerEarnings)
    .where(eq(partnerEarnings.partnerId, partnerId))
    .orderBy(asc(partnerEarnings.createdAt), asc(partnerEarnings.id));
}
