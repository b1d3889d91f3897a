import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../../lib/auth.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { LiveStatus } from '../../../../components/feed/FeedHeading.tsx';
import { FeedbackComposer } from './FeedbackComposer.tsx';
import { FeedbackList } from './FeedbackList.tsx';
import { useLiveWall } from './useWallCache.ts';
import { wallQueryOptions } from './wallQuery.ts';
import { WallProvider } from './WallContext.tsx';

/** The feedback wall (spec section 2): the composer opening 'Add Feedback', then every feedback, newest first, live. */
export function FeedbackWall() {
  const trpc = useTRPC();
  const me = useMe();
  const wall = useInfiniteQuery(wallQueryOptions(trpc));
  if (!me.data) return null;
  return (
    <WallProvider viewerId={me.data.id} moderator={wall.data?.pages[0]?.moderator ?? false}>
      <Container size="md" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <WallHeader />
          <FeedbackComposer />
          <FeedbackList />
        </Stack>
      </Container>
    </WallProvider>
  );
}

function WallHeader() {
  const { t } = useTranslation();
  const live = useLiveWall();
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('feedback.title')}
        </Title>
        <Text c="dimmed" maw={560}>
          {t('feedback.subtitle')}
        </Text>
      </Stack>
      <Box style={{ flexShrink: 0 }} pt={6}>
        <LiveStatus live={live} hint={t('feedback.liveHint')} offlineHint={t('feedback.offlineHint')} />
      </Box>
    </Group>
  );
}
