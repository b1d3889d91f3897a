import { useQueryClient } from '@tanstack/react-query';
import { isLiveReset } from '@app/shared/live';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { useRecheckAccess } from '../../lib/useRecheckAccess.ts';
import { useFeed } from './FeedContext.tsx';
import { useFeedCache } from './useFeedCache.ts';
import { useLiveStart } from '../../lib/live-position.ts';

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * Follows posts.onFeed while the posts tab is open and applies each event to the cache. A reconnect
 * resumes after the last tracked event (tRPC sends its id); each start also refreshes the feed, so
 * nothing that happened before listening began (or while the tab was closed) is missed, but the first
 * of a page the server rendered, which resumes from where the page was read (live-position.ts).
 */
export function useLiveFeed(): LiveState {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { communityId } = useFeed();
  const cache = useFeedCache();
  const recheckAccess = useRecheckAccess();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: cache.feedKey });
    void queryClient.invalidateQueries({ queryKey: trpc.posts.comments.pathKey() });
  };
  const start = useLiveStart();
  const subscription = useSubscription(
    trpc.posts.onFeed.subscriptionOptions(
      { communityId, ...start.from },
      {
        onStarted: start.onStarted(refresh),
        // Resuming from further back than the server replays: everything shown is fetched again.
        onData: (tracked) => (isLiveReset(tracked.data) ? refresh() : cache.apply(tracked.data)),
        onError: recheckAccess,
      },
    ),
  );
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
