import { Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { findVideoEmbed } from '@app/shared/video';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../../../components/RouterLinks.tsx';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { levelOf } from '@app/shared/levels';
import { formatCount } from '../../../../lib/labels.ts';
import { Comments } from './Comments.tsx';
import { useCanManage } from './FeedContext.tsx';
import { feelingPrefix } from './feelings.ts';
import { LikeButton } from './LikeButton.tsx';
import { PostAttachment } from './PostAttachment.tsx';
import { PostEditor } from './PostEditor.tsx';
import { PostMenu } from './PostMenu.tsx';
import { PostText } from './PostText.tsx';
import { PostVideo } from './PostVideo.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import type { FeedItem } from './types.ts';

interface PostCardProps {
  post: FeedItem;
  /** Its place in the feed, for assistive technology (role="feed" articles). */
  position: number;
  total: number;
}

/** A post: author, time, feeling, text (links and a video player), attachment, likes and comments. */
export function PostCard({ post, position, total }: PostCardProps) {
  const { t, i18n } = useTranslation();
  const canManage = useCanManage(post.author.id);
  const [editing, setEditing] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const name = post.author.fullName ?? post.author.username;
  const prefix = feelingPrefix(t, post.feeling);
  const video = findVideoEmbed(post.content);
  const edited = post.updatedAt.getTime() > post.createdAt.getTime();
  const commentsId = `post-${post.id}-comments`;

  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-label={t('feed.post.label', { name })} aria-posinset={position} aria-setsize={total}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UserAvatar username={post.author.username} avatarUrl={post.author.avatarUrl} level={levelOf(post.author.points)} radius="xl" size={42} />
            <Stack gap={0} miw={0}>
              <RouterAnchor to="/profile/$username" params={{ username: post.author.username }} fw={700} c="var(--mantine-color-text)" truncate>
                {name}
              </RouterAnchor>
              <Group gap={6} wrap="nowrap">
                <RelativeTime date={post.createdAt} />
                {edited && (
                  <Text size="xs" c="dimmed">
                    · {t('feed.post.edited')}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
          {canManage && !editing && <PostMenu post={post} onEdit={() => setEditing(true)} />}
        </Group>

        {editing ? (
          <PostEditor post={post} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap={6}>
            {prefix && (
              <Text size="sm" fw={500} c="dimmed">
                {prefix}
              </Text>
            )}
            <PostText text={post.content} />
          </Stack>
        )}
        {video && !editing && <PostVideo embed={video} />}
        <PostAttachment post={post} />

        <Group gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <LikeButton post={post} />
          <Button
            variant={commentsOpen ? 'light' : 'subtle'}
            color={commentsOpen ? 'brand' : 'gray'}
            size="compact-md"
            radius="xl"
            fw={500}
            leftSection={<IconMessageCircle size={18} aria-hidden="true" />}
            aria-expanded={commentsOpen}
            aria-controls={commentsOpen ? commentsId : undefined}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            {t('feed.post.comments', { count: post.commentCount, value: formatCount(i18n.language, post.commentCount) })}
          </Button>
        </Group>
        <Collapse expanded={commentsOpen} keepMounted={false}>
          <Comments postId={post.id} id={commentsId} />
        </Collapse>
      </Stack>
    </Paper>
  );
}
