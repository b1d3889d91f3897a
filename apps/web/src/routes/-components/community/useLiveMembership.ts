import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { useInvalidateCommunity } from './queries.ts';
import { useRecheckAccess } from '../../../lib/useRecheckAccess.ts';
import { useRefetchPresence } from '../../../components/presence/PresenceProvider.tsx';
import { useLiveStart } from '../../../lib/live-position.ts';

/**
 * While the member view is open: someone joining, being approved, leaving or being removed (and,
 * for the owner, join requests opening and closing) refreshes the member count, the member lists,
 * the sidebar's newest members, the join-request badge and the chat's member picker; who is online
 * changing refetches only that (spread over a moment, see PresenceProvider).
 */
export function useLiveMembership(communityId: string) {
  const trpc = useTRPC();
  const invalidate = useInvalidateCommunity();
  const recheckAccess = useRecheckAccess();
  const refetchPresence = useRefetchPresence();
  const start = useLiveStart();
  useSubscription(
    trpc.membership.onChange.subscriptionOptions(
      { communityId, ...start.from },
      {
        // Anything that changed while not listening is fetched again on (re)connecting (the page's
        // own start is sent what changed since it was read, and asks who is online as it comes alive).
        onStarted: start.onStarted(() => {
          void invalidate();
          refetchPresence({ now: true });
        }),
        onData: ({ data }) => (data.type === 'presence.changed' ? refetchPresence() : void invalidate()),
        onError: recheckAccess,
      },
    ),
  );
}
