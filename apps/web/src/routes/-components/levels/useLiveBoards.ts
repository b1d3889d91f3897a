import { isLiveReset } from '@app/shared/live';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTRPC } from '../../../lib/trpc.ts';
import { useRecheckAccess } from '../../../lib/useRecheckAccess.ts';
import { useLiveStart } from '../../../lib/live-position.ts';

/** How long likes are gathered before the boards are asked for again (a burst of likes is one refetch). */
const SETTLE_MS = 800;

/** While the leaderboard is open: likes given in the community (points changing) refetch the boards and levels. */
export function useLiveBoards(communityId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const recheckAccess = useRecheckAccess();
  const refresh = useDebouncedCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.levels.pathKey() }), SETTLE_MS);
  const start = useLiveStart();
  useSubscription(
    trpc.posts.onFeed.subscriptionOptions(
      { communityId, ...start.from },
      {
        onStarted: start.onStarted(refresh),
        onData: ({ data }) => {
          // Likes move points; a deleted post or comment takes its likes' points back.
          if (isLiveReset(data) || ['post.liked', 'comment.liked', 'post.deleted', 'comment.deleted'].includes(data.type)) refresh();
        },
        onError: recheckAccess,
      },
    ),
  );
}
