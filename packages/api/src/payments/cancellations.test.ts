import { randomUUID } from 'node:crypto';
import { checkouts, communityMembers, notificationOutbox } from '@app/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOutboxWorker } from '../platform/jobs/outbox.ts';
import { CANCEL_SUBSCRIPTION_TASK, createSubscriptionCanceller } from './cancellations.ts';
import { createLocalProvider } from './local.ts';
import { localIds, localOrderPaidEvent } from './local-events.ts';
import { PaymentsProviderError, type CancellationMode, type PaymentsLog, type PaymentsProvider } from './provider.ts';
import { handlePolarEvent } from './webhook.ts';
import { callerFor, createTestCommunity, createTestUser, TEST_PUBLIC_URL, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

const logged: Array<{ level: string; details: object; message: string }> = [];
const log: PaymentsLog = {
  info: () => {},
  warn: (details, message) => logged.push({ level: 'warn', details, message }),
  error: (details, message) => logged.push({ level: 'error', details, message }),
};

/** A member of a paid community, admitted by paying through the stand-in's checkout and `order.paid`. */
async function payingMember() {
  const owner = await createTestUser(scene.database);
  const community = await createTestCommunity(scene.database, owner, { membershipAmountCents: 999 });
  const member = await createTestUser(scene.database);
  await callerFor(scene.database, member).payments.createCheckout({ communityId: community.id });
  const [checkout] = await scene.database.db.select().from(checkouts).where(and(eq(checkouts.communityId, community.id), eq(checkouts.userId, member)));
  const event = localOrderPaidEvent({ checkout: checkout!, customer: { email: 'member@example.com', name: null }, communityName: community.name, paidAt: new Date() });
  expect(await handlePolarEvent(scene.database.db, `msg_${randomUUID()}`, event)).toMatchObject({ outcome: 'admitted' });
  return { owner, community, member, checkout: checkout!, subscriptionRef: localIds(checkout!).subscriptionId };
}

async function queuedFor(checkoutId: string) {
  const rows = await scene.database.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.event, `task:${CANCEL_SUBSCRIPTION_TASK}`), sql`${notificationOutbox.payload}->>'checkoutId' = ${checkoutId}`));
  return rows;
}

/** A provider that records cancellations and fails while `failing` is set. */
function recordingProvider(name: 'local' | 'polar' = 'local') {
  const calls: Array<{ subscriptionRef: string; mode: CancellationMode }> = [];
  const state = { failing: false };
  const provider: PaymentsProvider = {
    name,
    createCheckout: async () => ({ url: `${TEST_PUBLIC_URL}/x`, providerRef: 'x' }),
    resumeCheckout: async () => null,
    async cancelSubscription(subscriptionRef, mode) {
      calls.push({ subscriptionRef, mode });
      if (state.failing) throw new PaymentsProviderError('Polar is down');
      return 'cancelled';
    },
  };
  return { provider, calls, state };
}

describe('the subscription that pays for a membership', () => {
  it('is recorded on the checkout and on the membership by the first payment', async () => {
    const { community, member, checkout, subscriptionRef } = await payingMember();
    const [paid] = await scene.database.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(paid).toMatchObject({ status: 'paid', subscriptionRef });
    const [membership] = await scene.database.db
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, community.id), eq(communityMembers.userId, member)));
    expect(membership).toMatchObject({ status: 'approved', checkoutId: checkout.id });
  });

  it('leaving cancels it at the end of the paid month, after the commit, through the queued task', async () => {
    const { community, member, checkout, subscriptionRef } = await payingMember();
    const local = createLocalProvider(TEST_PUBLIC_URL);
    await callerFor(scene.database, member, { payments: local }).membership.leave({ communityId: community.id });
    // Nothing is asked of the provider inside the procedure: the task waits for the worker.
    expect(local.cancellations).toEqual([]);
    expect(await queuedFor(checkout.id)).toMatchObject([{ payload: { checkoutId: checkout.id, mode: 'at_period_end', reason: 'left' }, deliveredAt: null }]);

    const worker = createSubscriptionCanceller({ database: scene.database, payments: local, log });
    expect(await worker.runDue()).toBeGreaterThanOrEqual(1);
    expect(local.cancellations).toMatchObject([{ subscriptionRef, mode: 'at_period_end' }]);
    const [task] = await queuedFor(checkout.id);
    expect(task!.deliveredAt).toBeInstanceOf(Date);
    // Done once: another pass asks nothing more.
    await worker.runDue();
    expect(local.cancellations).toHaveLength(1);
  });

  it("the owner's removal revokes it at once", async () => {
    const { owner, community, member, checkout, subscriptionRef } = await payingMember();
    await callerFor(scene.database, owner).membership.remove({ communityId: community.id, userId: member });
    expect(await queuedFor(checkout.id)).toMatchObject([{ payload: { mode: 'revoke', reason: 'removed' } }]);
    const local = createLocalProvider(TEST_PUBLIC_URL);
    await createSubscriptionCanceller({ database: scene.database, payments: local, log }).runDue();
    expect(local.cancellations).toMatchObject([{ subscriptionRef, mode: 'revoke' }]);
  });

  it('a provider failure is logged at error level with the task and retried until it succeeds', async () => {
    const { community, member, checkout, subscriptionRef } = await payingMember();
    await callerFor(scene.database, member).membership.leave({ communityId: community.id });
    const { provider, calls, state } = recordingProvider();
    const worker = createSubscriptionCanceller({ database: scene.database, payments: provider, log });
    state.failing = true;
    logged.length = 0;
    await worker.runDue();
    let [task] = await queuedFor(checkout.id);
    expect(task).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'Polar is down' });
    expect(task!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(logged).toEqual([expect.objectContaining({ level: 'error', details: expect.objectContaining({ payload: expect.objectContaining({ checkoutId: checkout.id }) }) })]);
    // Not due yet; then due, and Polar is back.
    await worker.runDue();
    expect(calls).toHaveLength(1);
    await scene.database.db.update(notificationOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(notificationOutbox.id, task!.id));
    state.failing = false;
    await worker.runDue();
    expect(calls).toEqual([
      { subscriptionRef, mode: 'at_period_end' },
      { subscriptionRef, mode: 'at_period_end' },
    ]);
    [task] = await queuedFor(checkout.id);
    expect(task).toMatchObject({ attempts: 2, lastError: null });
    expect(task!.deliveredAt).toBeInstanceOf(Date);
  });

  it('two workers (two server processes) never cancel one subscription twice', async () => {
    const { community, member } = await payingMember();
    await callerFor(scene.database, member).membership.leave({ communityId: community.id });
    const { provider, calls } = recordingProvider();
    const workers = [1, 2, 3].map(() => createSubscriptionCanceller({ database: scene.database, payments: provider, log }));
    await Promise.all(workers.map((w) => w.runDue()));
    expect(calls).toHaveLength(1);
  });

  it('a Polar subscription waits, logged loudly, while Polar is not configured', async () => {
    const { community, member, checkout } = await payingMember();
    await scene.database.db.update(checkouts).set({ provider: 'polar', subscriptionRef: `sub_${randomUUID()}` }).where(eq(checkouts.id, checkout.id));
    await callerFor(scene.database, member).membership.leave({ communityId: community.id });
    logged.length = 0;
    await createSubscriptionCanceller({ database: scene.database, payments: createLocalProvider(TEST_PUBLIC_URL), log }).runDue();
    const [task] = await queuedFor(checkout.id);
    expect(task).toMatchObject({ deliveredAt: null, attempts: 1 });
    expect(task!.lastError).toMatch(/^SUBSCRIPTION NOT CANCELLED: polar subscription sub_.* but polar is not configured$/);
    expect(logged.map((l) => l.level)).toEqual(['error']);
  });

  it('the notification worker never sends these tasks to the notification webhook', async () => {
    const { community, member, checkout } = await payingMember();
    await callerFor(scene.database, member).membership.leave({ communityId: community.id });
    const notifier = createOutboxWorker({ database: scene.database, url: 'http://127.0.0.1:9/never', secret: null, timeoutMs: 500 });
    expect(await notifier.deliverDue()).toBe(0);
    expect(await queuedFor(checkout.id)).toMatchObject([{ attempts: 0, lastError: null, deliveredAt: null }]);
  });
});
