import { isTRPCClientError } from '@trpc/client';

/**
 * Answers that will not change on a second try (not found, forbidden, ...) are not retried. Apart from
 * trpc-errors.ts: route loaders use it, and they ship in the entry script, where server-text.ts does not.
 */
export function retryUnlessRefused(failureCount: number, error: unknown) {
  const status = isTRPCClientError(error) ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}
