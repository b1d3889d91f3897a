import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from './trpc.ts';

/**
 * While a request to join waits (the pending screens of the community and join pages): the
 * applicant's own live stream (their bell's, which a decision always touches, whatever their
 * notification settings) makes the page read its standing again, so an acceptance opens the
 * community and a decline says so and when to ask again, without a reload or a focus change.
 */
export function useFollowDecision() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const recheck = () => void queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey() });
  useSubscription(trpc.notifications.onChange.subscriptionOptions({}, { onStarted: recheck, onData: recheck }));
}
