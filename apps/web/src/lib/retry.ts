import { isTRPCClientError } from '@trpc/client';

/**
 * How often a call refused over a rate limit is tried again, each time after the wait the server
 * asked for (1 to a few seconds): a page whose 30 reads were refused together gets them all as the
 * budget refills (10 calls a second), instead of giving up on a page after three tries.
 */
export const RATE_LIMITED_RETRIES = 10;

/** The seconds a refusal over a rate limit asks to wait (tRPC's TOO_MANY_REQUESTS, its `data.retryAfter`); null for anything else. */
export function rateLimitWait(error: unknown): number | null {
  if (!isTRPCClientError(error)) return null;
  const data = error.data as { code?: string; retryAfter?: number } | null | undefined;
  return data?.code === 'TOO_MANY_REQUESTS' ? Math.max(1, data.retryAfter ?? 1) : null;
}

/**
 * Answers that will not change on a second try (not found, forbidden, ...) are not retried; a refusal
 * over a rate limit is, after its wait (retryDelay). Apart from trpc-errors.ts: route loaders use it,
 * and they ship in the entry script, where server-text.ts does not.
 */
export function retryUnlessRefused(failureCount: number, error: unknown) {
  if (rateLimitWait(error) !== null) return failureCount < RATE_LIMITED_RETRIES;
  const status = isTRPCClientError(error) ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** Waits what a refusal over a rate limit asks (Retry-After), else TanStack Query's own backoff; never hammers. */
export function retryDelay(failureCount: number, error: unknown): number {
  const wait = rateLimitWait(error);
  return wait !== null ? wait * 1000 : Math.min(1000 * 2 ** failureCount, 30_000);
}
