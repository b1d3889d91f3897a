import { notifications as toasts } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTranslation } from 'react-i18next';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC, type TrpcOptions } from '../../lib/trpc.ts';
import { useLiveStart } from '../../lib/live-position.ts';

/** The bell's list, newest first, a page at a time (each page asked for with the previous one's cursor). */
export function notificationsQueryOptions(trpc: TrpcOptions) {
  return trpc.notifications.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor });
}

/** The bell's count (at most 100: '99+' past 99). */
export function unreadCountQueryOptions(trpc: TrpcOptions) {
  return trpc.notifications.unreadCount.queryOptions();
}

/** Refetches the count, the list and the summary: a notification came, was read, a feed was opened, or a community was muted. */
function useRefreshBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.summary.queryKey() }),
    ]);
}

/**
 * Keeps the bell current on every open page: notifications.onChange pings the person's topic
 * (from whichever server process made the change); a ping, or a reconnection, refetches.
 */
export function useLiveBell() {
  const trpc = useTRPC();
  const refresh = useRefreshBell();
  const start = useLiveStart();
  useSubscription(
    trpc.notifications.onChange.subscriptionOptions(
      start.from,
      {
        onStarted: start.onStarted(() => void refresh()),
        onData: () => void refresh(),
      },
    ),
  );
}

/** Marks one notification read as it is opened; the count drops at once. */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshBell();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onMutate: () => queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), (count) => (count ? count - 1 : count)),
      onSettled: () => void refresh(),
    }),
  );
}

/** 'Mark all as read'. */
export function useMarkAllRead() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshBell();
  return useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onMutate: () => queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), 0),
      onError: (error) => {
        if (!isRateLimited(error)) toasts.show({ color: 'red', message: t('notifications.markAllFailed') });
      },
      onSettled: () => void refresh(),
    }),
  );
}
