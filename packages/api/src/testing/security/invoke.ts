import type { Database } from '@app/db';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { AppError } from '../../core/errors.ts';
import { PaymentsProviderError, type PaymentsProvider } from '../../payments/provider.ts';
import { callerFor } from '../index.ts';

/**
 * Test support: calls any procedure of the router by its dotted path through a server-side caller
 * (the real middlewares, a real context), and says how it ended. A subscription is started,
 * listened to briefly (its backlog and first events are read) and ended by aborting, so what runs
 * when it starts is called too.
 */

export type Outcome =
  | { ok: true; value: unknown }
  | {
      ok: false;
      /** The tRPC code, or UNEXPECTED for an error that is neither tRPC's nor the domain's. */
      code: string;
      /** The HTTP status the server would answer. */
      status: number;
      message: string;
      error: unknown;
    };

export function failureOf(error: unknown): Outcome {
  if (error instanceof TRPCError) return { ok: false, code: error.code, status: getHTTPStatusCodeFromError(error), message: error.message, error };
  // What a subscription throws while it runs reaches the client through the error formatter, which maps it alike.
  if (error instanceof AppError) return { ok: false, code: error.code, status: error.status, message: error.message, error };
  return { ok: false, code: 'UNEXPECTED', status: 500, message: String(error), error };
}

/** A provider that is configured but unreachable (network down, credentials refused), failing as its contract says. */
export const failingProvider: PaymentsProvider = {
  name: 'polar',
  createCheckout: () => Promise.reject(new PaymentsProviderError('the provider is unreachable')),
  resumeCheckout: () => Promise.resolve(null),
  cancelSubscription: () => Promise.reject(new PaymentsProviderError('the provider is unreachable')),
};

export interface InvokeOptions {
  /** As `callerFor`: undefined is the local stand-in, null no provider. */
  payments?: PaymentsProvider | null;
  /** How long a subscription is listened to before it is aborted. */
  listenMs?: number;
  /** The caller is a platform admin (ADMIN_EMAILS). */
  admin?: boolean;
}

type Callable = (input: unknown) => Promise<unknown>;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

export async function invoke(database: Database, userId: string | null, path: string, input: unknown, options: InvokeOptions = {}): Promise<Outcome> {
  const controller = new AbortController();
  const caller = callerFor(database, userId, { signal: controller.signal, admin: options.admin, ...(options.payments === undefined ? {} : { payments: options.payments }) });
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Callable;
  try {
    const value = await procedure(input);
    if (isAsyncIterable(value)) await listenBriefly(value, controller, options.listenMs ?? 30);
    return { ok: true, value };
  } catch (error) {
    return failureOf(error);
  } finally {
    controller.abort();
  }
}

/** Reads a subscription's first event (or its end) while `controller` aborts it after `ms`. */
async function listenBriefly(subscription: AsyncIterable<unknown>, controller: AbortController, ms: number) {
  const iterator = subscription[Symbol.asyncIterator]();
  const abort = setTimeout(() => controller.abort(), ms);
  let giveUp: NodeJS.Timeout | undefined;
  const stuck = new Promise<'stuck'>((resolve) => {
    giveUp = setTimeout(() => resolve('stuck'), ms + 5000);
  });
  try {
    const first = await Promise.race([iterator.next(), stuck]);
    if (first === 'stuck') throw new Error(`the subscription did not end within ${ms + 5000} ms of being aborted`);
    await iterator.return?.(undefined);
  } finally {
    clearTimeout(abort);
    clearTimeout(giveUp);
  }
}
