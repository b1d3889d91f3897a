import { Badge, Group, Loader, Text, Title } from '@mantine/core';
import { LazyTooltip } from '../LazyTooltip.tsx';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './feed.module.css';
import type { LiveState } from './useLiveFeed.ts';

/** The feed's heading with whether live updates are flowing. */
export function FeedHeading({ live }: { live: LiveState }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" px={4}>
      <Title order={2} fz="lg">
        {t('feed.heading')}
      </Title>
      <LiveStatus live={live} hint={t('feed.liveHint')} offlineHint={t('feed.offlineHint')} />
    </Group>
  );
}

interface LiveStatusProps {
  live: LiveState;
  /** What flows while live, and what to do while paused, in the page's words. */
  hint: string;
  offlineHint: string;
}

/** Whether a page's live updates are flowing: 'Live', connecting, or paused. */
export function LiveStatus({ live, hint, offlineHint }: LiveStatusProps) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {live === 'live' ? (
        <LazyTooltip label={hint} withArrow multiline w={220}>
          <Badge variant="light" color="teal" radius="xl" leftSection={<span className={classes.liveDot} aria-hidden="true" />} tabIndex={0}>
            {t('feed.live')}
          </Badge>
        </LazyTooltip>
      ) : live === 'connecting' ? (
        <Group gap={6}>
          <Loader size={12} color="gray" />
          <Text size="xs" c="dimmed">
            {t('feed.connecting')}
          </Text>
        </Group>
      ) : (
        <LazyTooltip label={offlineHint} withArrow>
          <Badge variant="light" color="gray" radius="xl" leftSection={<IconPlugConnectedX size={12} aria-hidden="true" />} tabIndex={0}>
            {t('feed.offline')}
          </Badge>
        </LazyTooltip>
      )}
    </div>
  );
}
