import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedItem } from '../../lib/paged.ts';
import { useCanModerate } from './feedView.tsx';
import { useFeedCache } from './useFeedCache.ts';

/** 'Pin to top' or 'Unpin' in a post's menu, for whoever moderates the feed; the live event reorders every open feed. */
export function PinMenuItem({ post }: { post: Pick<FeedItem, 'id' | 'pinnedAt'> }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const canModerate = useCanModerate();
  const handlers = {
    onSuccess: (result: { postId: string; pinnedAt: Date | null }) => {
      cache.apply({ type: 'post.pinned', postId: result.postId, pinned: result.pinnedAt !== null });
      notifications.show({ color: 'teal', message: result.pinnedAt ? t('feedViews.pinnedDone') : t('feedViews.unpinnedDone') });
    },
    onError: (error: { message: string; data?: { code?: string } | null }) => {
      if (!isRateLimited(error)) notifications.show({ color: 'red', message: serverText(error.message) });
    },
  };
  const pin = useMutation(trpc.posts.pin.mutationOptions(handlers));
  const unpin = useMutation(trpc.posts.unpin.mutationOptions(handlers));
  if (!canModerate) return null;
  return post.pinnedAt ? (
    <Menu.Item leftSection={<IconPinnedOff size={16} />} onClick={() => unpin.mutate({ postId: post.id })}>
      {t('feedViews.unpin')}
    </Menu.Item>
  ) : (
    <Menu.Item leftSection={<IconPin size={16} />} onClick={() => pin.mutate({ postId: post.id })}>
      {t('feedViews.pin')}
    </Menu.Item>
  );
}
