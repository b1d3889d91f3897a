import { skipToken, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MembersQuery } from '../../../lib/community-types.ts';
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

/**
 * The community and the viewer's standing in it, both by the name in the address, asked for at once
 * (one batched request, from the route's loader): the whole first screen of a visitor or a non-member.
 * The page reads the standing by id (its live updates refresh it so), so it is put there too (unless
 * that one is newer), before the page would ask for it again. Null when either failed (the page shows its own states).
 */
export function fetchCommunityAndStanding(queryClient: QueryClient, trpc: TrpcOptions, name: string) {
  const byName = trpc.membership.status.queryOptions({ name });
  return Promise.all([queryClient.fetchQuery(communityQueryOptions(trpc, name)), queryClient.fetchQuery(byName)]).then(
    ([community, standing]) => {
      // Only over an older answer: the loader runs again on every visit (a tab switch too), and the
      // standing by id may have been refreshed since (a join, a live change) while the one by name
      // was still fresh in the cache.
      const byId = statusQueryOptions(trpc, community.id).queryKey;
      const answeredAt = (key: readonly unknown[]) => queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
      if (answeredAt(byId) < answeredAt(byName.queryKey)) queryClient.setQueryData(byId, standing);
      return { community, standing };
    },
    () => null,
  );
}

/**
 * The approved members a page at a time, newest first (and with the first page, for the owner, the
 * join requests): the sidebar's and the members and requests tabs' list.
 */
export function membersQueryOptions(trpc: TrpcOptions, communityId: string) {
  return { ...trpc.membership.members.infiniteQueryOptions({ communityId }, { getNextPageParam: (last) => last.nextCursor }), retry: retryUnlessRefused };
}

/** The members query with its pages joined: the members loaded so far, the first page's join requests. */
export function useMembers(communityId: string): MembersQuery {
  const trpc = useTRPC();
  const query = useInfiniteQuery(membersQueryOptions(trpc, communityId));
  const { data } = query;
  const list = useMemo(
    () => data && { approved: data.pages.flatMap((page) => page.approved), pending: data.pages[0]?.pending ?? [], pendingCount: data.pages[0]?.pendingCount ?? 0 },
    [data],
  );
  const failure = query.isError ? { isError: true as const, error: query.error } : { isError: false as const, error: null };
  return { data: list, isPending: query.isPending, paging: query, ...failure };
}

/** After a membership or community change: the details (member count), the status and the lists (the banned among them). */
export function useInvalidateCommunity() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.communities.byName.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.membership.members.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.membership.bans.pathKey() }),
    ]);
}
