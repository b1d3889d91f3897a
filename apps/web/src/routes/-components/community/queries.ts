import { useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import type { TrpcOptions } from '../../../lib/trpc.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/** Answers that will not change on a second try (not found, forbidden, ...) are not retried. */
export function retryUnlessRefused(failureCount: number, error: unknown) {
  const status = isTRPCClientError(error) ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** The community by name, shared by the route's loader (prefetch) and the page. */
export function communityQueryOptions(trpc: TrpcOptions, name: string) {
  return { ...trpc.communities.byName.queryOptions({ name }), retry: retryUnlessRefused };
}

/** After a membership or community change: the details (member count), the status and the lists. */
export function useInvalidateCommunity() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.communities.byName.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.membership.members.queryKey() }),
    ]);
}

/**
 * A live subscription's onError: when it was refused because the viewer's membership or session
 * ended, the page checks both again (and so leaves the member view).
 */
export function useRecheckAccess() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (error: { data?: { code?: string } | null }) => {
    if (error.data?.code !== 'FORBIDDEN' && error.data?.code !== 'UNAUTHORIZED') return;
    void queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.profiles.me.queryKey() });
  };
}
