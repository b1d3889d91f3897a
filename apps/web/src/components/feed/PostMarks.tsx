import { Badge, Group } from '@mantine/core';
import { IconPinFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedItem } from '../../lib/paged.ts';

/** A post's marks above its text (issue 24): 'Pinned', and its category with the category's emoji. */
export function PostMarks({ post }: { post: Pick<FeedItem, 'communityId' | 'categoryId' | 'pinnedAt'> }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const categories = useQuery({ ...trpc.posts.categories.queryOptions({ communityId: post.communityId }), enabled: Boolean(post.categoryId) });
  const category = post.categoryId ? categories.data?.find((c) => c.id === post.categoryId) : undefined;
  if (!post.pinnedAt && !category) return null;
  return (
    <Group gap={6}>
      {post.pinnedAt && (
        <Badge variant="light" color="orange" radius="sm" leftSection={<IconPinFilled size={12} aria-hidden="true" />}>
          {t('feedViews.pinned')}
        </Badge>
      )}
      {category && (
        <Badge variant="light" color="gray" radius="sm" tt="none" aria-label={t('feedViews.inCategory', { name: category.name })}>
          {category.emoji} {category.name}
        </Badge>
      )}
    </Group>
  );
}
