import type { RouterContext } from '../../../lib/router-context.ts';
import { feedQueryOptions } from '../../../components/feed/useFeedCache.ts';
import { currentMonth, monthEventsQueryOptions, upcomingEventsQueryOptions } from '../calendar/queries.ts';
import { monthRange } from '../calendar/time.ts';
import { coursesQueryOptions } from '../courses/queries.ts';
import { communityQueryOptions, membersQueryOptions, statusQueryOptions } from './queries.ts';

/**
 * The community page's first screen. The community and the viewer's standing in it are asked for
 * at once, both by the name in the address (one batched request): that is the whole first screen
 * of a visitor or a non-member. For a member, the member view's lists (members, the sidebar's events
 * and courses and, on the posts tab, the feed) need the community's id, and follow in one more
 * batched request; nobody is sent a list they would be refused.
 */
export async function prefetchCommunityPage({ queryClient, trpc }: RouterContext, name: string, postsTab: boolean) {
  const [community, standing] = await Promise.all([
    queryClient.fetchQuery(communityQueryOptions(trpc, name)),
    queryClient.fetchQuery(trpc.membership.status.queryOptions({ name })),
  ]).catch(() => [null, null] as const);
  if (!community || !standing) return;
  const communityId = community.id;
  // The page reads the standing by id (its live updates refresh it so): it is already known.
  queryClient.setQueryData(statusQueryOptions(trpc, communityId).queryKey, standing);
  if (standing.status !== 'approved') return;
  void queryClient.prefetchInfiniteQuery(membersQueryOptions(trpc, communityId));
  void queryClient.prefetchQuery(upcomingEventsQueryOptions(trpc, communityId));
  void queryClient.prefetchQuery(monthEventsQueryOptions(trpc, communityId, monthRange(currentMonth())));
  void queryClient.prefetchQuery(coursesQueryOptions(trpc, communityId));
  if (postsTab) void queryClient.prefetchInfiniteQuery(feedQueryOptions(trpc, communityId));
}
