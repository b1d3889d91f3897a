import type { QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from '../lib/trpc.ts';
import { unreadCountQueryOptions } from './notifications/queries.ts';

/**
 * What the signed-in top bar reads as it is drawn (SignedInActions): the communities one owns (the
 * Feedbacks icon), the bell's count, the messages menu's conversations and their unread total. A
 * member's page rendered by the server (prerender.tsx) fetches them with its own data: the counts are
 * on the page as it paints, and the browser does not ask for them and draw the bar again as it comes
 * alive (its live subscriptions still read them again once started, for what came in between).
 */
export function prefetchTopBar(queryClient: QueryClient, trpc: TrpcOptions): Array<Promise<void>> {
  return [
    queryClient.prefetchQuery(trpc.communities.mine.queryOptions()),
    queryClient.prefetchQuery(unreadCountQueryOptions(trpc)),
    queryClient.prefetchQuery(trpc.chat.recent.queryOptions()),
    queryClient.prefetchQuery(trpc.chat.unreadTotal.queryOptions()),
  ];
}
