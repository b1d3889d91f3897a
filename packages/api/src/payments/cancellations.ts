import type { Database, Queryable } from '@app/db';
import { checkouts } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createTaskWorker, enqueueTask, type TaskWorker } from '../platform/jobs/tasks.ts';
import type { CancellationMode, PaymentsLog, PaymentsProvider } from './provider.ts';

export const CANCEL_SUBSCRIPTION_TASK = 'payments.cancel_subscription';

/** Why a subscription is stopped (kept in the task and logged). */
export type CancellationReason = 'left' | 'removed' | 'banned' | 'full' | 'duplicate' | 'no_membership' | 'account_closed' | 'became_owner';

const cancellation = z.object({
  checkoutId: z.uuid(),
  mode: z.enum(['revoke', 'at_period_end']),
  reason: z.string(),
});

/**
 * Queues stopping the subscription that `checkoutId` started, in the caller's transaction (leaving,
 * removal, a payment that admits nobody). The provider is called after the commit, by the worker
 * below, never inside the transaction; the queued task survives a restart and is retried until the
 * provider confirms.
 */
export async function stopSubscription(tx: Queryable, checkoutId: string, mode: CancellationMode, reason: CancellationReason): Promise<void> {
  await enqueueTask(tx, CANCEL_SUBSCRIPTION_TASK, { checkoutId, mode, reason } satisfies z.input<typeof cancellation>);
}

/**
 * The worker that stops subscriptions: reads the checkout's provider and subscription id, and asks
 * the provider. A local stand-in subscription with the stand-in off has no money to stop; a Polar
 * one without Polar configured waits (logged at error level) until it is.
 */
export function createSubscriptionCanceller({ database, payments, log }: { database: Database; payments: PaymentsProvider | null; log: PaymentsLog }): TaskWorker {
  return createTaskWorker({
    database,
    task: CANCEL_SUBSCRIPTION_TASK,
    log,
    async run(payload) {
      const task = cancellation.safeParse(payload);
      if (!task.success) return void log.error({ payload }, 'SUBSCRIPTION NOT CANCELLED: the queued task cannot be read');
      const { checkoutId, mode, reason } = task.data;
      const [checkout] = await database.db
        .select({ provider: checkouts.provider, subscriptionRef: checkouts.subscriptionRef })
        .from(checkouts)
        .where(eq(checkouts.id, checkoutId));
      if (!checkout) return; // the community (and its checkouts) was deleted
      if (!checkout.subscriptionRef) {
        // Paid before subscription ids were recorded: nobody can find it here.
        return void log.error({ checkoutId, reason }, 'SUBSCRIPTION NOT CANCELLED: its id is unknown; cancel it by hand in Polar (metadata commonroom_checkout_id)');
      }
      const details = { checkoutId, subscriptionRef: checkout.subscriptionRef, mode, reason };
      if (payments?.name !== checkout.provider) {
        if (checkout.provider === 'local') return; // no money moves through the stand-in
        throw new Error(`SUBSCRIPTION NOT CANCELLED: ${checkout.provider} subscription ${checkout.subscriptionRef} (checkout ${checkoutId}), but ${checkout.provider} is not configured`);
      }
      const result = await payments.cancelSubscription(checkout.subscriptionRef, mode);
      log.info({ ...details, result }, 'subscription cancelled');
    },
  });
}
