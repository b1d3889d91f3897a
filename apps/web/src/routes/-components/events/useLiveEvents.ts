import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { useRecheckAccess } from '../community/queries.ts';

/** While the community's page is open: events created, changed or deleted by the owner refetch the calendar and lists. */
export function useLiveEvents(communityId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const recheckAccess = useRecheckAccess();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
  useSubscription(
    trpc.events.onChange.subscriptionOptions(
      { communityId },
      {
        // Anything that changed while not listening is fetched again on (re)connecting.
        onStarted: () => void refresh(),
        onData: () => void refresh(),
        onError: recheckAccess,
      },
    ),
  );
}
