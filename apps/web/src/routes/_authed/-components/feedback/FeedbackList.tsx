import { Alert, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { FeedbackCard } from './FeedbackCard.tsx';
import { wallQueryOptions } from './wallQuery.ts';
import { Loading } from '../../../../components/Loading.tsx';
import { PagedListEnd } from '../../../../components/PagedListEnd.tsx';

/** Every feedback, newest first, ten at a time. */
export function FeedbackList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const wall = useInfiniteQuery(wallQueryOptions(trpc));
  const items = wall.data?.pages.flatMap((page) => page.items) ?? [];

  if (wall.isPending) {
    return (
      <Loading py={48} label={t('feedback.loading')} />
    );
  }
  // Only a failed first load replaces the list; a failed next page or refresh keeps what is shown.
  if (wall.isLoadingError) {
    return (
      <Alert color="red" role="alert" radius="lg" title={t('feedback.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverText(wall.error.message)}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void wall.refetch()}>
            {t('feedback.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden="true">
            <IconMessageStar size={28} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {t('feedback.empty')}
          </Text>
          <Text c="dimmed" size="sm" maw={360}>
            {t('feedback.emptyHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md" role="feed" aria-label={t('feedback.list')} aria-busy={wall.isFetchingNextPage}>
      {items.map((feedback, index) => (
        <FeedbackCard key={feedback.id} feedback={feedback} position={index + 1} total={wall.hasNextPage ? -1 : items.length} />
      ))}
      <PagedListEnd query={wall} words={{ loadFailed: t('feedback.loadFailed'), loadMore: t('feedback.loadMore'), end: t('feedback.end') }} />
    </Stack>
  );
}
