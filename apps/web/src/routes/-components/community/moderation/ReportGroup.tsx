import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AppRouter } from '@app/api';
import type { ReportAction } from '@app/shared/plain/moderation';
import type { inferRouterOutputs } from '@trpc/server';
import { IconBan, IconCheck, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../lib/format.ts';
import { RelativeTime } from '../../../../components/feed/RelativeTime.tsx';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';

export type ReportGroupItem = inferRouterOutputs<AppRouter>['moderation']['queue']['items'][number];

interface ReportGroupProps {
  group: ReportGroupItem;
  busy: boolean;
  onAct: (action: ReportAction) => void;
}

/** One reported item in the queue: what it is, its author, why and how many reported it, and what the viewer may do. */
export function ReportGroup({ group, busy, onAct }: ReportGroupProps) {
  const { t } = useTranslation();
  const name = group.author.fullName ?? group.author.username;
  const excerpt = group.post?.excerpt ?? group.comment?.excerpt ?? null;
  const headingId = `report-${group.itemId}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UserAvatar userId={group.author.id} username={group.author.username} avatarUrl={group.author.avatarUrl} size={36} radius="xl" />
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" id={headingId} truncate>
                {t(`moderation.queue.kind.${group.kind}`, { name })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('moderation.queue.reportedBy', { count: group.count, value: formatCount(group.count) })} · <RelativeTime date={group.lastReportedAt} span inherit />
              </Text>
            </Stack>
          </Group>
          <Badge color="red" variant="light">
            {formatCount(group.count)}
          </Badge>
        </Group>
        {excerpt !== null && (
          <Text size="sm" dir="auto" ta="start" p="xs" bg="gray.0" bdrs="sm" lineClamp={4}>
            {excerpt}
          </Text>
        )}
        <Group gap={6} aria-label={t('moderation.queue.reasons')} role="list">
          {group.reasons.map(({ reason, count }) => (
            <Badge key={reason} variant="outline" color="gray" role="listitem">
              {t('moderation.queue.reasonCount', { reason: t(`moderation.reasons.${reason}`), value: formatCount(count) })}
            </Badge>
          ))}
        </Group>
        {group.details.map((words, index) => (
          <Text key={index} size="sm" c="dimmed" dir="auto" ta="start" fs="italic">
            “{words}”
          </Text>
        ))}
        {group.mayDismiss ? (
          <Group gap="xs" wrap="wrap">
            <Button size="compact-sm" variant="default" leftSection={<IconCheck size={14} />} disabled={busy} onClick={() => onAct('dismiss')}>
              {t('moderation.actions.dismiss')}
            </Button>
            {group.mayAct && group.kind !== 'member' && (
              <Button size="compact-sm" variant="light" color="red" leftSection={<IconTrash size={14} />} disabled={busy} onClick={() => onAct('remove')}>
                {t(`moderation.actions.remove.${group.kind}`)}
              </Button>
            )}
            {group.mayAct && group.author.member && (
              <Button size="compact-sm" variant="light" color="red" leftSection={<IconUserMinus size={14} />} disabled={busy} onClick={() => onAct('removeMember')}>
                {t('moderation.actions.removeMember', { name })}
              </Button>
            )}
            {group.mayAct && (
              <Button size="compact-sm" color="red" leftSection={<IconBan size={14} />} disabled={busy} onClick={() => onAct('ban')}>
                {t('moderation.actions.ban', { name })}
              </Button>
            )}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('moderation.queue.outranked')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
