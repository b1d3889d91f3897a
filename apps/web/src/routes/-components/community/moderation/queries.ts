import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../../lib/trpc.ts';
import { useLiveStart } from '../../../../lib/live-position.ts';

/** Every moderation query of the page (the count, the queue, the log) read again. */
export function useInvalidateModeration() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.moderation.openCount.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.moderation.queue.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.moderation.log.pathKey() }),
    ]);
}

/**
 * For moderators, admins and the owner while the member view is open: the number of items with
 * open reports (the control panel's badge), kept live: a report made or any moderation action
 * (theirs or another moderator's) reads the count, queue and log again.
 */
export function useOpenReports(communityId: string, moderates: boolean) {
  const trpc = useTRPC();
  const invalidate = useInvalidateModeration();
  const start = useLiveStart();
  useSubscription(
    trpc.moderation.onChange.subscriptionOptions(
      { communityId, ...start.from },
      {
        enabled: moderates,
        onStarted: start.onStarted(() => void invalidate()),
        onData: () => void invalidate(),
      },
    ),
  );
  const count = useQuery({ ...trpc.moderation.openCount.queryOptions({ communityId }), enabled: moderates });
  return count.data ?? 0;
}
