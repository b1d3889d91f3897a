import type { RouterContext } from '../../../lib/router-context.ts';
import { feedQueryOptions } from '../../../components/feed/useFeedCache.ts';
import { currentMonth, monthEventsQueryOptions, upcomingEventsQueryOptions } from '../calendar/queries.ts';
import { monthRange } from '../calendar/time.ts';
import { coursesQueryOptions } from '../courses/queries.ts';
import { preloadTab } from './memberTabs.ts';
import { membersQueryOptions, type fetchCommunityAndStanding } from './queries.ts';
import type { MemberTab } from '../../../lib/community-tabs.ts';

/**
 * The rest of the community page's first screen, once the community and the viewer's standing (which
 * the route's loader asked for, `fetchCommunityAndStanding`) are known: for a member, the member view's
 * lists (members, the sidebar's events and courses and, on the posts tab, the feed) need the
 * community's id, and follow in one more batched request; nobody is sent a list they would be refused.
 * The tab's own code (every tab but the posts loads on its own) starts loading at once, beside them.
 */
export async function prefetchCommunityPage({ queryClient, trpc }: RouterContext, first: ReturnType<typeof fetchCommunityAndStanding>, tab: MemberTab) {
  preloadTab(tab);
  const postsTab = tab === 'posts';
  const known = await first;
  if (!known || known.standing.status !== 'approved') return;
  const communityId = known.community.id;
  void queryClient.prefetchInfiniteQuery(membersQueryOptions(trpc, communityId));
  void queryClient.prefetchQuery(upcomingEventsQueryOptions(trpc, communityId));
  void queryClient.prefetchQuery(monthEventsQueryOptions(trpc, communityId, monthRange(currentMonth())));
  void queryClient.prefetchQuery(coursesQueryOptions(trpc, communityId));
  if (postsTab) void queryClient.prefetchInfiniteQuery(feedQueryOptions(trpc, communityId));
}
