import { Alert, Badge, Center, Group, Loader, Paper, Progress, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { BOARD_PERIODS, LEVEL_THRESHOLDS, MAX_LEVEL, type BoardPeriod } from '@app/shared/plain/levels';
import { IconLock, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../../components/RouterLinks.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { formatCount, formatPercent } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { BackButton } from '../../../components/BackButton.tsx';
import { retryUnlessRefused } from '../../../lib/retry.ts';
import classes from './levels.module.css';
import { useLiveBoards } from './useLiveBoards.ts';
import { Loading } from '../../../components/Loading.tsx';

interface LeaderboardTabProps {
  communityId: string;
  isOwner: boolean;
  viewerId: string;
}

/**
 * The leaderboard tab: the viewer's level and progress, the 7-day, 30-day and all-time boards (with
 * the viewer's own rank even off the list), and the nine levels with the share of members at each
 * and what each opens here. Kept current as likes come in.
 */
export function LeaderboardTab({ communityId, isOwner, viewerId }: LeaderboardTabProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [period, setPeriod] = useState<BoardPeriod>('30d');
  useLiveBoards(communityId);
  const summary = useQuery({ ...trpc.levels.summary.queryOptions({ communityId }), retry: retryUnlessRefused });
  const board = useQuery({ ...trpc.levels.board.queryOptions({ communityId, period }), retry: retryUnlessRefused, placeholderData: (previous) => previous });

  if (summary.isPending) {
    return (
      <Loading py="xl" label={t('levelsPage.loading')} />
    );
  }
  if (summary.isError) return <Alert color="red">{serverText(summary.error.message)}</Alert>;
  const me = summary.data.me;

  return (
    <Stack gap="lg">
      <BackButton />
      {isOwner ? <OwnerLevels summary={summary.data} /> : <MyLevel me={me} />}

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="board-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <IconTrophy size={20} aria-hidden="true" />
              <Title order={2} fz="md" id="board-title">
                {t('levelsPage.board')}
              </Title>
            </Group>
            <SegmentedControl
              size="xs"
              radius="xl"
              value={period}
              onChange={(value) => setPeriod(value as BoardPeriod)}
              data={BOARD_PERIODS.map((p) => ({ value: p, label: t(`levelsPage.periods.${p}`) }))}
              aria-label={t('levelsPage.period')}
            />
          </Group>
          {board.isError ? (
            <Alert color="red">{serverText(board.error.message)}</Alert>
          ) : !board.data ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : board.data.top.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('levelsPage.empty')}
            </Text>
          ) : (
            <ol className={classes.board} aria-label={t('levelsPage.boardList', { period: t(`levelsPage.periods.${board.data.period}`) })}>
              {board.data.top.map((entry) => (
                <li key={entry.user.id} className={classes.row} data-me={entry.user.id === viewerId || undefined}>
                  <span className={classes.rank} aria-label={t('levelsPage.rank', { rank: entry.rank })}>
                    {formatCount(entry.rank)}
                  </span>
                  <UserAvatar username={entry.user.username} avatarUrl={entry.user.avatarUrl} level={entry.level} size={36} radius="xl" />
                  <RouterAnchor to="/profile/$username" params={{ username: entry.user.username }} fw={600} size="sm" c="var(--mantine-color-text)" truncate style={{ flex: 1 }}>
                    {entry.user.fullName ?? entry.user.username}
                  </RouterAnchor>
                  <Text size="sm" fw={700} c="brand.7">
                    {t('levelsPage.points', { count: entry.points, value: formatCount(entry.points) })}
                  </Text>
                </li>
              ))}
            </ol>
          )}
          {board.data && (
            <Text size="sm" c="dimmed" role="status">
              {isOwner
                ? t('levelsPage.ownerUnranked')
                : board.data.me
                  ? t('levelsPage.you', { rank: board.data.me.rank, count: board.data.me.points, value: formatCount(board.data.me.points) })
                  : t('levelsPage.unranked')}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="levels-title">
        <Stack gap="md">
          <Title order={2} fz="md" id="levels-title">
            {t('levelsPage.levels')}
          </Title>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('levelsPage.level')}</Table.Th>
                <Table.Th>{t('levelsPage.from')}</Table.Th>
                <Table.Th ta="end">{t('levelsPage.members')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.data.levels.map((level) => (
                <Table.Tr key={level.level} data-current={(!isOwner && level.level === me.level) || undefined} className={classes.levelRow}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap={6}>
                        <Badge variant={!isOwner && level.level === me.level ? 'filled' : 'light'} color={level.level >= 5 ? 'orange' : 'brand'} radius="sm">
                          {t('levels.badge', { level: level.level })}
                        </Badge>
                        {level.level > me.level && !isOwner && <IconLock size={14} aria-label={t('levelsPage.locked')} />}
                      </Group>
                      {level.level >= 5 && (
                        <Text size="xs" c="dimmed">
                          {t(`levelsPage.rewards.${level.level}`)}
                        </Text>
                      )}
                      {level.unlocks.map((unlock) => (
                        <Text key={`${unlock.courseId}-${unlock.moduleTitle}`} size="xs" c="dimmed">
                          {t('levelsPage.unlocks', { module: unlock.moduleTitle, course: unlock.courseTitle })}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{t('levelsPage.points', { count: level.minPoints, value: formatCount(level.minPoints) })}</Table.Td>
                  <Table.Td ta="end">
                    {t('levelsPage.memberShare', { percent: formatPercent(level.percent / 100, 2) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('levelsPage.how')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

type Summary = inferRouterOutputs<AppRouter>['levels']['summary'];

/** A member's own level: the number, the points and what the next level needs, with a progress bar. */
function MyLevel({ me }: { me: Summary['me'] }) {
  const { t } = useTranslation();
  const floor = LEVEL_THRESHOLDS[me.level - 1]!;
  const progress = me.toNextLevel === null ? 100 : Math.round((100 * (me.points - floor)) / (me.points - floor + me.toNextLevel));
  const points = t('levelsPage.points', { count: me.points, value: formatCount(me.points) });
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.hero}>
      <Group gap="lg" wrap="nowrap" align="center">
        <div className={classes.levelCircle} aria-hidden="true">
          {formatCount(me.level)}
        </div>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="lg">
            {t('levels.badge', { level: me.level })}
          </Title>
          <Text size="sm" c="dimmed">
            {me.toNextLevel === null
              ? t('levelsPage.top', { points })
              : t('levelsPage.progress', { points, count: me.toNextLevel, next: me.level + 1 })}
          </Text>
          <Progress value={progress} size="md" radius="xl" aria-label={t('levelsPage.progressLabel', { level: Math.min(me.level + 1, MAX_LEVEL) })} />
        </Stack>
      </Group>
    </Paper>
  );
}

const LEVEL_COLORS = ['gray.4', 'brand.3', 'brand.5', 'brand.7', 'brand.9', 'orange.4', 'orange.6', 'orange.8', 'red.7'];

/**
 * The owner's card in place of a rank (owners earn no points and are not ranked): how many members
 * the boards count and how they spread over the nine levels, as one bar and its legend.
 */
function OwnerLevels({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const past = summary.members - (summary.levels[0]?.members ?? 0);
  const filled = summary.levels.filter((level) => level.members > 0);
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.hero} component="section" aria-labelledby="owner-levels-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="owner-levels-title">
          {t('levelsPage.owner.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('levelsPage.owner.members', { count: summary.members, value: formatCount(summary.members) })} · {t('levelsPage.owner.past', { value: formatCount(past) })}
        </Text>
        {filled.length > 0 && (
          <>
            <Progress.Root size={16} radius="xl" aria-hidden="true">
              {filled.map((level) => (
                <Progress.Section key={level.level} value={level.percent} color={LEVEL_COLORS[level.level - 1]} />
              ))}
            </Progress.Root>
            <Group gap="md" component="ul" aria-label={t('levelsPage.owner.spread')} className={classes.legend}>
              {filled.map((level) => (
                <Group key={level.level} gap={6} component="li" wrap="nowrap">
                  <span className={classes.swatch} style={{ background: `var(--mantine-color-${LEVEL_COLORS[level.level - 1]!.replace('.', '-')})` }} aria-hidden="true" />
                  <Text size="sm">{t('levelsPage.owner.atLevel', { level: level.level, value: formatCount(level.members) })}</Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
