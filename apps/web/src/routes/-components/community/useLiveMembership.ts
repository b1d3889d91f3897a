import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { useInvalidateCommunity } from './queries.ts';
import { useRecheckAccess } from '../../../lib/useRecheckAccess.ts';

/**
 * While the member view is open: someone joining, being approved, leaving or being removed (and,
 * for the owner, join requests opening and closing) refreshes the member count, the member lists,
 * the sidebar's newest members, the join-request badge and the chat's member picker.
 */
export function useLiveMembership(communityId: string) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCommunity();
  const recheckAccess = useRecheckAccess();
  useSubscription(
    trpc.membership.onChange.subscriptionOptions(
      { communityId },
      {
        // Anything that changed while not listening is fetched again on (re)connecting.
        onStarted: () => void invalidate(),
        onData: () => void invalidate(),
        onError: recheckAccess,
      },
    ),
  );
}
