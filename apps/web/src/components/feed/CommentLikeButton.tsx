import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedComment } from '../../lib/paged.ts';
import { useFeedCache } from './useFeedCache.ts';
import { formatCount } from '../../lib/format.ts';

/** A comment's like toggle with its count: at once on screen, set (not flipped) on the server, put back on failure. */
export function CommentLikeButton({ comment }: { comment: FeedComment }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const like = useMutation({
    ...trpc.posts.likeComment.mutationOptions({
      onMutate: ({ liked }) => {
        const delta = liked ? 1 : -1;
        cache.patchComment(comment.postId, comment.id, (c) => ({ likedByMe: liked, likeCount: Math.max(0, c.likeCount + delta) }));
        return { delta };
      },
      onSuccess: (result) => {
        if (cache.pendingCommentLikes(comment.id) > 1) return;
        cache.patchComment(comment.postId, comment.id, () => ({ likedByMe: result.liked, likeCount: result.likeCount }));
      },
      onError: (error, { liked }, context) => {
        if (context && cache.pendingCommentLikes(comment.id) === 1) {
          cache.patchComment(comment.postId, comment.id, (c) => ({ likedByMe: !liked, likeCount: Math.max(0, c.likeCount - context.delta) }));
        }
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('feed.post.likeFailed', { message: serverText(error.message) }) });
      },
    }),
    scope: { id: `comment-like:${comment.id}` },
  });
  const liked = comment.likedByMe;
  return (
    <Button
      variant="subtle"
      color={liked ? 'red' : 'gray'}
      size="compact-xs"
      radius="xl"
      fw={500}
      leftSection={liked ? <IconHeartFilled size={14} aria-hidden="true" /> : <IconHeart size={14} aria-hidden="true" />}
      aria-pressed={liked}
      aria-label={t('feed.comments.like', { count: comment.likeCount })}
      onClick={() => like.mutate({ commentId: comment.id, liked: !liked })}
    >
      {formatCount(comment.likeCount)}
    </Button>
  );
}
