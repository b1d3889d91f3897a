import { Alert, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReportAction } from '@app/shared/plain/moderation';
import { IconShieldCheck } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../../components/BackButton.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { PagedListEnd } from '../../../../components/PagedListEnd.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ListPanel } from '../ListPanel.tsx';
import { useInvalidateCommunity } from '../queries.ts';
import { useInvalidateModeration } from './queries.ts';
import { ReportGroup, type ReportGroupItem } from './ReportGroup.tsx';

/**
 * The moderation queue, for moderators, admins and the owner: open reports grouped by item, newest
 * first, each with its actions; removing and banning ask first.
 * Another moderator's decision takes the group off this list live (useOpenReports).
 */
export function ReportsTab({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateModeration();
  const invalidateCommunity = useInvalidateCommunity();
  const queue = useInfiniteQuery(trpc.moderation.queue.infiniteQueryOptions({ communityId }, { getNextPageParam: (last) => last.nextCursor }));
  const [asking, setAsking] = useState<{ group: ReportGroupItem; action: ReportAction } | null>(null);
  const act = useMutation(
    trpc.moderation.act.mutationOptions({
      onSuccess: async (_result, input) => {
        setAsking(null);
        notifications.show({ color: 'teal', message: t(`moderation.done.${input.action}`) });
        await Promise.all([invalidate(), invalidateCommunity()]);
      },
      onError: (error) => {
        if (!asking) notifications.show({ color: 'red', message: serverText(error.message) });
        void invalidate();
      },
    }),
  );
  const run = (group: ReportGroupItem, action: ReportAction) =>
    act.mutate({ communityId, kind: group.kind, itemId: group.itemId, action });
  const groups = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const name = asking ? (asking.group.author.fullName ?? asking.group.author.username) : '';

  return (
    <Stack gap="md">
      <BackButton />
      <ListPanel heading={t('moderation.queue.heading')}>
        {queue.isPending ? (
          <Loading py="xl" label={t('moderation.queue.loading')} size="sm" />
        ) : queue.data === undefined ? (
          <Alert color="red" role="alert">
            {serverText(queue.error.message)}
          </Alert>
        ) : groups.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden="true">
              <IconShieldCheck size={24} />
            </ThemeIcon>
            <Text c="dimmed">{t('moderation.queue.empty')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" p="sm">
            {groups.map((group) => (
              <ReportGroup
                key={`${group.kind}:${group.itemId}`}
                group={group}
                busy={act.isPending}
                onAct={(action) => {
                  act.reset();
                  if (action === 'dismiss') run(group, action);
                  else setAsking({ group, action });
                }}
              />
            ))}
          </Stack>
        )}
        {groups.length > 0 && (
          <PagedListEnd query={queue} words={{ loadFailed: t('moderation.queue.loadFailed'), loadMore: t('moderation.queue.loadMore'), end: t('moderation.queue.end') }} />
        )}
      </ListPanel>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t(`moderation.confirm.${asking.action}.title`, { name }) : ''}
        confirmLabel={asking ? t(`moderation.confirm.${asking.action}.confirm`) : ''}
        busy={act.isPending}
        error={act.error && serverText(act.error.message)}
        onConfirm={() => asking && run(asking.group, asking.action)}
        onCancel={() => setAsking(null)}
      >
        {asking ? t(`moderation.confirm.${asking.action}.body`, { name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
