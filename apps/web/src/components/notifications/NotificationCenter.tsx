import { Alert, Button, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellCheck, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Loading } from '../Loading.tsx';
import { PagedListEnd } from '../PagedListEnd.tsx';
import { RouterButton } from '../RouterButton.tsx';
import { NewPostsSummary } from './NewPostsSummary.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import classes from './notifications.module.css';
import { notificationsQueryOptions, unreadCountQueryOptions, useMarkAllRead, useMarkRead } from './queries.ts';
import type { Notification } from './types.ts';

interface NotificationCenterProps {
  /** The top bar's popover (a scrolling box and a link to the full page) or the full page (phones). */
  variant: 'panel' | 'page';
  /** Called as a notification is opened (the panel closes). */
  onNavigate?: () => void;
  /** The heading's id, which names the panel's dialog. */
  titleId?: string;
}

/**
 * The notifications, newest first, paged: a heading with 'Mark all as read', each notification
 * leading to its exact thing (and marked read as it is opened), an empty state, the list's end.
 */
export function NotificationCenter({ variant, onNavigate, titleId }: NotificationCenterProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useInfiniteQuery(notificationsQueryOptions(trpc));
  const unread = useQuery(unreadCountQueryOptions(trpc));
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (item: Notification) => {
    if (!item.read) markRead.mutate({ id: item.id });
    onNavigate?.();
  };
  const panel = variant === 'panel';

  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" px={panel ? 'sm' : 0} py={panel ? 'xs' : 'sm'} gap="xs">
        <Title id={titleId} order={panel ? 2 : 1} fz={panel ? 'md' : { base: 22, sm: 28 }}>
          {t('notifications.title')}
        </Title>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={16} />}
          onClick={() => {
            if ((unread.data ?? 0) > 0) markAll.mutate();
          }}
          // Never disabled (nor loading, which disables): focus stays on it once all are read, and Escape still closes the panel.
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <Divider />
      <div className={panel ? classes.scroll : undefined}>
        <NewPostsSummary onNavigate={onNavigate} />
        {list.isPending ? (
          <Loading py="xl" label={t('notifications.loading')} size="sm" />
        ) : list.isLoadingError ? (
          <Alert color="red" role="alert" m="sm" title={t('notifications.loadFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{serverText(list.error.message)}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void list.refetch()}>
                {t('notifications.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} ta="center" py={panel ? 'xl' : 48} px="md">
            <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
              <IconBellCheck size={26} />
            </ThemeIcon>
            <Text fw={700}>{t('notifications.empty')}</Text>
            <Text size="sm" c="dimmed" maw={320}>
              {t('notifications.emptyHint')}
            </Text>
          </Stack>
        ) : (
          <Stack gap={4} p={panel ? 6 : 0} pt={6}>
            <ul className={classes.list} aria-label={t('notifications.panel')}>
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} onOpen={open} />
              ))}
            </ul>
            <PagedListEnd query={list} words={{ loadFailed: t('notifications.loadFailed'), loadMore: t('notifications.loadMore'), end: t('notifications.end') }} />
          </Stack>
        )}
      </div>
      {panel && (
        <>
          <Divider />
          <RouterButton to="/notifications" variant="subtle" radius={0} fullWidth onClick={onNavigate}>
            {t('notifications.seeAll')}
          </RouterButton>
        </>
      )}
    </Stack>
  );
}
