import { Alert, Group, Stack, Text } from '@mantine/core';
import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../../components/BackButton.tsx';
import { RelativeTime } from '../../../../components/feed/RelativeTime.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { PagedListEnd } from '../../../../components/PagedListEnd.tsx';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ListPanel } from '../ListPanel.tsx';

type LogLine = inferRouterOutputs<AppRouter>['moderation']['log']['items'][number];

/** The moderation log, for moderators, admins and the owner: who did what to whom, when and why, newest first; live (useOpenReports). */
export function ModerationLogTab({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const log = useInfiniteQuery(trpc.moderation.log.infiniteQueryOptions({ communityId }, { getNextPageParam: (last) => last.nextCursor }));
  const lines = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <BackButton />
      <ListPanel heading={t('moderation.log.heading')}>
        {log.isPending ? (
          <Loading py="xl" label={t('moderation.log.loading')} size="sm" />
        ) : log.data === undefined ? (
          <Alert color="red" role="alert">
            {serverText(log.error.message)}
          </Alert>
        ) : lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('moderation.log.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ol" aria-label={t('moderation.log.list')} p={0} m={0} style={{ listStyle: 'none' }}>
            {lines.map((line) => (
              <LogEntry key={line.id} line={line} />
            ))}
          </Stack>
        )}
        {lines.length > 0 && <PagedListEnd query={log} words={{ loadFailed: t('moderation.log.loadFailed'), loadMore: t('moderation.log.loadMore'), end: t('moderation.log.end') }} />}
      </ListPanel>
    </Stack>
  );
}

function LogEntry({ line }: { line: LogLine }) {
  const { t } = useTranslation();
  const actor = line.actor ? (line.actor.fullName ?? line.actor.username) : t('moderation.log.someone');
  const target = line.target ? (line.target.fullName ?? line.target.username) : t('moderation.log.someone');
  const reasons = typeof line.data.reasons === 'string' && line.data.reasons ? line.data.reasons.split(',').map((r) => t(`moderation.reasons.${r}`)) : [];
  const role = typeof line.data.to === 'string' ? t(`communityPage.roles.${line.data.to}`) : '';
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      {line.actor && <UserAvatar userId={line.actor.id} username={line.actor.username} avatarUrl={line.actor.avatarUrl} size={32} radius="xl" />}
      <Stack gap={2} miw={0}>
        <Text size="sm" ta="start">
          {t(`moderation.log.actions.${line.action}`, { actor, target, role })}
        </Text>
        {(reasons.length > 0 || line.reason) && (
          <Text size="xs" c="dimmed" ta="start" dir="auto">
            {[reasons.length > 0 ? t('moderation.log.reported', { reasons: new Intl.ListFormat(document.documentElement.lang || undefined).format(reasons) }) : null, line.reason].filter(Boolean).join(' · ')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <RelativeTime date={line.createdAt} span inherit />
        </Text>
      </Stack>
    </Group>
  );
}
