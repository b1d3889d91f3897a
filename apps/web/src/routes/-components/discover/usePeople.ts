import type { Category } from '@app/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useTRPC } from '../../../lib/trpc.ts';

/** Spec section 9: up to 3 retries, 1 s, 2 s and 4 s apart. */
export const PEOPLE_RETRIES = 3;
export const peopleRetryDelay = (failures: number) => 1000 * 2 ** failures;

/** The request never got a tRPC answer (offline, connection refused or dropped). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return !error.shape && !error.data;
  return error instanceof TypeError;
}

/** Discover's people; only network errors are retried, and the UI shows each attempt. */
export function usePeople(search: string, category: Category | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.profiles.list.queryOptions({ search: search || undefined, category: category ?? undefined }),
    retry: (failures, error) => isNetworkError(error) && failures < PEOPLE_RETRIES,
    retryDelay: peopleRetryDelay,
    placeholderData: keepPreviousData,
  });
}
