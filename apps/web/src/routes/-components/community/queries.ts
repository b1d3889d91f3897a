import { useQueryClient } from '@tanstack/react-query';
import { useTRPC, type TrpcOptions } from '../../../lib/trpc.ts';
import { retryUnlessRefused } from '../../../lib/trpc-errors.ts';

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
