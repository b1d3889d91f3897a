import { notifications } from '@mantine/notifications';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useMe } from '../../lib/auth.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLiveStart } from '../../lib/live-position.ts';

/**
 * The people the viewer blocks (blocks.list: at most a few hundred), as a set of ids; empty while
 * signed out or loading. Posts and comments of theirs are collapsed (BlockedCollapse), the chat
 * composer is closed to them. One query shared by every caller.
 */
export function useBlockedIds(): ReadonlySet<string> {
  const trpc = useTRPC();
  const me = useMe();
  const list = useQuery({ ...trpc.blocks.list.queryOptions(), enabled: Boolean(me.data), staleTime: 60_000 });
  return useMemo(() => new Set((list.data ?? []).map((person) => person.id)), [list.data]);
}

/** The blocks list read again: after a block or an unblock, here or on another page (useLiveBlocks). */
function useRefreshBlocks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.blocks.list.queryKey() });
}

/** Mounted once on every signed-in page (the top bar): a block made on one page shows on the others at once. */
export function useLiveBlocks() {
  const trpc = useTRPC();
  const refresh = useRefreshBlocks();
  const start = useLiveStart();
  useSubscription(trpc.blocks.onChange.subscriptionOptions(start.from, { onStarted: start.onStarted(() => void refresh()), onData: () => void refresh() }));
}

/** Block and unblock a person, telling the viewer how it went. */
export function useBlockActions(person: { id: string; name: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const refresh = useRefreshBlocks();
  const failed = (error: { message: string }) => notifications.show({ color: 'red', title: t('blocks.failed'), message: serverText(error.message) });
  const block = useMutation(
    trpc.blocks.block.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: t('blocks.blocked', { name: person.name }) });
        await refresh();
      },
      onError: failed,
    }),
  );
  const unblock = useMutation(
    trpc.blocks.unblock.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: t('blocks.unblocked', { name: person.name }) });
        await refresh();
      },
      onError: failed,
    }),
  );
  return { block, unblock, busy: block.isPending || unblock.isPending };
}
