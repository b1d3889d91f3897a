import type { RouterContext } from '../../../router.tsx';
import { feedQueryOptions } from '../../../components/feed/useFeedCache.ts';
import { currentMonth, monthEventsQueryOptions, upcomingEventsQueryOptions } from '../calendar/queries.ts';
import { monthRange } from '../calendar/time.ts';
import { coursesQueryOptions } from '../courses/queries.ts';
import { communityQueryOptions, membersQueryOptions, statusQueryOptions } from './queries.ts';

/**
 * The community page's first screen in two rounds instead of three. Everything but the community
 * itself needs its id; once that is known, all of it is asked for at once (one batched request)
 * instead of the viewer's standing first and the member view's lists after it: the standing, and
 * for someone signed in the members, the sidebar's events and courses and, on the posts tab, the
 * feed. A signed-in non-member's lists are refused and never shown.
 */
export async function prefetchCommunityPage({ queryClient, trpc }: RouterContext, name: string, postsTab: boolean) {
  const [community, me] = await Promise.all([
    queryClient.fetchQuery(communityQueryOptions(trpc, name)),
    queryClient.ensureQueryData(trpc.profiles.me.queryOptions()),
  ]).catch(() => [null, null] as const);
  if (!community) return;
  const communityId = community.id;
  void queryClient.prefetchQuery(statusQueryOptions(trpc, communityId));
  if (!me) return;
  void queryClient.prefetchQuery(membersQueryOptions(trpc, communityId));
  void queryClient.prefetchQuery(upcomingEventsQueryOptions(trpc, communityId));
  void queryClient.prefetchQuery(monthEventsQueryOptions(trpc, communityId, monthRange(currentMonth())));
  void queryClient.prefetchQuery(coursesQueryOptions(trpc, communityId));
  if (postsTab) void queryClient.prefetchInfiniteQuery(feedQueryOptions(trpc, communityId));
}
