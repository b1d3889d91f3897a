import { displayName } from '../PersonName.tsx';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { findVideoEmbed } from '@app/shared/video';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { levelOf } from '@app/shared/plain/levels';
import { formatCount } from '../../lib/format.ts';
import { AuthorLine } from './AuthorLine.tsx';
import { Comments } from './Comments.tsx';
import { CommentsPanel, CommentsToggle } from './CommentsToggle.tsx';
import { useCanManage } from './FeedContext.tsx';
import { feelingPrefix } from './feelings.ts';
import { LikeButton } from './LikeButton.tsx';
import { Poll } from './Poll.tsx';
import { PostAttachment } from './PostAttachment.tsx';
import { PostEditor } from './PostEditor.tsx';
import { PostMarks } from './PostMarks.tsx';
import { PostMenu } from './PostMenu.tsx';
import { PostText } from './PostText.tsx';
import { PostVideo } from './PostVideo.tsx';
import type { FeedItem } from '../../lib/paged.ts';
import { BlockedPlaceholder } from '../blocks/BlockedCollapse.tsx';
import { useBlockedIds } from '../blocks/useBlocks.ts';

interface PostCardProps {
  post: FeedItem;
  /** Its place in the feed, for assistive technology (role="feed" articles). */
  position: number;
  total: number;
  /** Shown with its comments open (a linked post). */
  commentsOpen?: boolean;
  /** The comment a link points at, marked among the comments. */
  highlightComment?: string;
}

/**
 * A post: author, time, feeling, text (links and a video player), attachment, likes and comments;
 * collapsed behind 'Show' when the viewer blocks its author.
 */
export const PostCard = memo(function PostCard({ post, position, total, commentsOpen: startOpen = false, highlightComment }: PostCardProps) {
  const { t } = useTranslation();
  const canManage = useCanManage(post.author.id);
  const [editing, setEditing] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(startOpen);
  const blocked = useBlockedIds().has(post.author.id);
  const [shown, setShown] = useState(false);
  const name = displayName(post.author);
  const prefix = feelingPrefix(t, post.feeling);
  const video = findVideoEmbed(post.content);
  const edited = post.updatedAt.getTime() > post.createdAt.getTime();
  // A linked post is shown twice (above the feed and in it): its comments' id says which.
  const commentsId = `post-${post.id}-comments${startOpen ? '-linked' : ''}`;
  if (blocked && !shown) return <BlockedPlaceholder kind="post" position={position} total={total} onShow={() => setShown(true)} />;

  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-label={t('feed.post.label', { name })} aria-posinset={position} aria-setsize={total}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <AuthorLine author={post.author} createdAt={post.createdAt} edited={edited} level={levelOf(post.author.points)} />
          {!editing && <PostMenu post={post} canManage={canManage} onEdit={() => setEditing(true)} />}
        </Group>

        <PostMarks post={post} />
        {editing ? (
          <PostEditor post={post} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap={6}>
            {prefix && (
              <Text size="sm" fw={500} c="dimmed">
                {prefix}
              </Text>
            )}
            <PostText text={post.content} mentions={post.mentions} />
          </Stack>
        )}
        {video && !editing && <PostVideo embed={video} />}
        <PostAttachment post={post} />
        {post.poll && !editing && <Poll post={{ ...post, poll: post.poll }} />}

        <CommentsToggle
          open={commentsOpen}
          controls={commentsId}
          label={t('feed.post.comments', { count: post.commentCount, value: formatCount(post.commentCount) })}
          onToggle={() => setCommentsOpen((open) => !open)}
        >
          <LikeButton post={post} />
        </CommentsToggle>
        <CommentsPanel open={commentsOpen}>
          <Comments postId={post.id} id={commentsId} highlightId={highlightComment} />
        </CommentsPanel>
      </Stack>
    </Paper>
  );
});
