import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { POST_MESSAGES } from '@app/shared/plain/posts';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useDeepLink } from '../../lib/useDeepLink.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Loading } from '../Loading.tsx';
import classes from './feed.module.css';
import { PostCard } from './PostCard.tsx';

/**
 * The post a link points at (?post=, from a notification), above the feed wherever it sits in it:
 * marked, its comments open and the linked comment (?comment=) marked, scrolled into view.
 */
export function LinkedPost() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const link = useDeepLink();
  const post = useQuery({ ...trpc.posts.byId.queryOptions({ postId: link.post ?? '' }), enabled: Boolean(link.post) });
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (post.data) box.current?.scrollIntoView({ block: 'start' });
  }, [post.data]);
  if (!link.post) return null;

  return (
    <Stack gap="xs" ref={box} className={classes.linked} aria-label={t('feed.linked.label')} role="region">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} c="brand.8">
          {t('feed.linked.title')}
        </Text>
        <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => link.clear('post', 'comment')}>
          {t('feed.linked.close')}
        </Button>
      </Group>
      {post.isPending ? (
        <Loading py="md" label={t('feed.linked.loading')} size="sm" />
      ) : post.isError ? (
        <Alert color="gray" role="status">
          {serverText(post.error.data?.code === 'NOT_FOUND' ? POST_MESSAGES.notFound : post.error.message)}
        </Alert>
      ) : (
        <PostCard post={post.data} position={1} total={1} commentsOpen highlightComment={link.comment} />
      )}
    </Stack>
  );
}
