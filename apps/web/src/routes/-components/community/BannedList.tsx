import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLockOpen } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';
import { Loading } from '../../../components/Loading.tsx';
import { PagedListEnd } from '../../../components/PagedListEnd.tsx';
import { PersonRow } from '../../../components/PersonRow.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ListPanel } from './ListPanel.tsx';
import { MemberList } from './MemberList.tsx';
import { useInvalidateCommunity } from './queries.ts';

type Ban = inferRouterOutputs<AppRouter>['membership']['bans']['items'][number];

/**
 * The members tab's 'Banned' list, for moderators, admins and the owner: who is banned, when, by
 * whom and why, newest first a page at a time, each with 'Unban' where the viewer may lift it
 * (a ban placed by someone above them says so instead). Live through the membership
 * subscription's `bans.changed` (useInvalidateCommunity reads it again).
 */
export function BannedList({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateCommunity();
  const bans = useInfiniteQuery(trpc.membership.bans.infiniteQueryOptions({ communityId }, { getNextPageParam: (last) => last.nextCursor }));
  const unban = useMutation(
    trpc.membership.unban.mutationOptions({
      onSuccess: async (_, { userId }) => {
        const person = bans.data?.pages.flatMap((page) => page.items).find((ban) => ban.id === userId);
        notifications.show({ color: 'teal', message: t('bans.unbanned', { name: person?.fullName ?? person?.username ?? '' }) });
        await invalidate();
      },
      onError: (error) => notifications.show({ color: 'red', title: t('bans.failed'), message: serverText(error.message) }),
    }),
  );
  const items = bans.data?.pages.flatMap((page) => page.items).map((ban) => ({ ...ban, userId: ban.id })) ?? [];
  return (
    <ListPanel heading={t('bans.list')}>
      {bans.isPending ? (
        <Loading py="md" label={t('bans.listLoading')} size="sm" />
      ) : bans.data === undefined ? (
        <Alert color="red" role="alert">
          {serverText(bans.error.message)}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('bans.empty')}
        </Text>
      ) : (
        <>
          <MemberList label={t('bans.list')} members={items}>
            {(ban) => <BannedRow ban={ban} busy={unban.isPending && unban.variables.userId === ban.id} onUnban={() => unban.mutate({ communityId, userId: ban.id })} />}
          </MemberList>
          <PagedListEnd query={bans} words={{ loadFailed: t('bans.loadFailed'), loadMore: t('bans.loadMore'), end: t('bans.end') }} />
        </>
      )}
    </ListPanel>
  );
}

function BannedRow({ ban, busy, onUnban }: { ban: Ban; busy: boolean; onUnban: () => void }) {
  const { t } = useTranslation();
  const name = ban.fullName ?? ban.username;
  const date = formatDate(ban.bannedAt, 'day');
  return (
    <PersonRow
      person={ban}
      detail={ban.bannedBy ? t('bans.bannedBy', { date, name: ban.bannedBy.fullName ?? ban.bannedBy.username }) : t('bans.bannedAt', { date })}
      below={
        ban.reason && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('bans.reason', { reason: ban.reason })}
          </Text>
        )
      }
    >
      {ban.canLift ? (
        <Button size="compact-sm" variant="light" leftSection={<IconLockOpen size={14} />} loading={busy} onClick={onUnban} aria-label={t('bans.unbanNamed', { name })}>
          {t('bans.unban')}
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {t('bans.placedAbove')}
        </Text>
      )}
    </PersonRow>
  );
}
