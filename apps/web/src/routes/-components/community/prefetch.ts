import type { RouterContext } from '../../../lib/router-context.ts';
import { feedQueryOptions } from '../../../components/feed/useFeedCache.ts';
import { currentMonth, monthEventsQueryOptions, upcomingEventsQueryOptions } from '../calendar/queries.ts';
import { monthRange } from '../calendar/time.ts';
import { coursesQueryOptions } from '../courses/queries.ts';
import { messagesQueryOptions } from './chat/useChatCache.ts';
import { preloadTab } from './memberTabs.ts';
import { membersQueryOptions, type fetchCommunityAndStanding } from './queries.ts';
import type { MemberTab } from '../../../lib/community-tabs.ts';

/**
 * The rest of the community page's first screen, once the community and the viewer's standing (which
 * the route's loader asked for, `fetchCommunityAndStanding`) are known: for a member, the member view's
 * lists (members, the sidebar's events and courses, the mute switch, the people they blocked and, on
 * the posts tab, the feed and its categories; on the chat tab, its conversations and the open one's
 * messages) need the community's id, and follow in one more
 * batched request; nobody is sent a list they would be refused. The tab's own code (every tab but the
 * posts loads on its own) starts loading at once, beside them. Resolves once all of it has settled
 * (the server renders then).
 */
export async function prefetchCommunityPage(
  { queryClient, trpc }: RouterContext,
  first: ReturnType<typeof fetchCommunityAndStanding>,
  tab: MemberTab,
  chatWith: string | undefined,
) {
  const tabCode = preloadTab(tab);
  const known = await first;
  if (!known || known.standing.status !== 'approved') return;
  const communityId = known.community.id;
  await Promise.all([
    tabCode,
    queryClient.prefetchInfiniteQuery(membersQueryOptions(trpc, communityId)),
    queryClient.prefetchQuery(upcomingEventsQueryOptions(trpc, communityId)),
    queryClient.prefetchQuery(monthEventsQueryOptions(trpc, communityId, monthRange(currentMonth()))),
    queryClient.prefetchQuery(coursesQueryOptions(trpc, communityId)),
    // The header's mute switch, and whom the lists leave out (the people the member blocked).
    queryClient.prefetchQuery(trpc.notifications.muted.queryOptions({ communityId })),
    queryClient.prefetchQuery(trpc.blocks.list.queryOptions()),
    tab === 'posts' && queryClient.prefetchInfiniteQuery(feedQueryOptions(trpc, communityId)),
    tab === 'posts' && queryClient.prefetchQuery(trpc.posts.categories.queryOptions({ communityId })),
    tab === 'chat' && queryClient.prefetchQuery(trpc.chat.conversations.queryOptions({ communityId })),
    tab === 'chat' && chatWith && queryClient.prefetchInfiniteQuery(messagesQueryOptions(trpc, communityId, chatWith)),
  ]);
}
