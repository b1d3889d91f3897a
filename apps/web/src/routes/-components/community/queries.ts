import { skipToken, useQueryClient } from '@tanstack/react-query';
import { useTRPC, type TrpcOptions } from '../../../lib/trpc.ts';
import { retryUnlessRefused } from '../../../lib/retry.ts';

/** The community by name, shared by the route's loader (prefetch) and the page. */
export function communityQueryOptions(trpc: TrpcOptions, name: string) {
  return { ...trpc.communities.byName.queryOptions({ name }), retry: retryUnlessRefused };
}

/** The viewer's standing in the community (none for visitors), asked for once its id is known. */
export function statusQueryOptions(trpc: TrpcOptions, communityId: string | undefined) {
  return { ...trpc.membership.status.queryOptions(communityId ? { communityId } : skipToken), retry: retryUnlessRefused };
}

/** The approved members (and for the owner the join requests): the sidebar's and the members and requests tabs' list. */
export function membersQueryOptions(trpc: TrpcOptions, communityId: string) {
  return { ...trpc.membership.members.queryOptions({ communityId }), retry: retryUnlessRefused };
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
