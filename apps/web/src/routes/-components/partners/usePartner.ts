import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/auth.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useRefreshOnLive } from '../../../lib/useRefreshOnLive.ts';

/** The viewer's standing in the programme (signed in only): partnership, the forum's id, admin. */
export function usePartnerStanding() {
  const trpc = useTRPC();
  const me = useMe();
  return useQuery({ ...trpc.partners.me.queryOptions(), enabled: !!me.data });
}

/** 'Become a Partner': one click, then everything about the programme (and the forum membership) is fetched again. */
export function useJoinProgramme() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.partners.join.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.partners.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey() }),
        ]),
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('partners.dashboard.joinFailed') });
      },
    }),
  );
}

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * While a partner's dashboard is open: a referral, a member joining or leaving a referred
 * community, a ledger entry or a payout refetches what the dashboard shows.
 */
export function usePartnerLive(): LiveState {
  const trpc = useTRPC();
  const live = useRefreshOnLive(trpc.partners.pathKey());
  const subscription = useSubscription(trpc.partners.onDashboard.subscriptionOptions(live.from, live.handlers));
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
