import { useSubscription } from '@trpc/tanstack-react-query';
import { useRefreshOnLive } from '../../../lib/useRefreshOnLive.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/** While the community's page is open: events created, changed or deleted by the owner refetch the calendar and lists. */
export function useLiveEvents(communityId: string) {
  const trpc = useTRPC();
  const live = useRefreshOnLive(trpc.calendar.pathKey());
  useSubscription(trpc.calendar.onChange.subscriptionOptions({ communityId, ...live.from }, live.handlers));
}
