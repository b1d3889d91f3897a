import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { formatCount } from '../../lib/format.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedItem } from '../../lib/paged.ts';
import { useFeedCache } from './useFeedCache.ts';

/**
 * The like toggle with its count. The screen changes at once; the request sets (not flips) the
 * like, one at a time per post, and a failure puts back what the click changed.
 */
export function LikeButton({ post }: { post: FeedItem }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const like = useMutation({
    ...trpc.posts.like.mutationOptions({
      onMutate: ({ postId, liked }) => {
        const delta = liked ? 1 : -1;
        cache.patchPost(postId, (p) => ({ likedByMe: liked, likeCount: Math.max(0, p.likeCount + delta) }));
        return { delta, version: cache.versionOf(postId) };
      },
      onSuccess: (result, _input, context) => {
        // Only the last of several quick clicks speaks for the final state.
        if (cache.pendingLikes(result.postId) > 1) return;
        const newer = context.version !== cache.versionOf(result.postId);
        cache.patchPost(result.postId, () => (newer ? { likedByMe: result.liked } : { likedByMe: result.liked, likeCount: result.likeCount }));
      },
      onError: (error, { postId, liked }, context) => {
        if (context && cache.pendingLikes(postId) === 1) {
          cache.patchPost(postId, (p) => ({ likedByMe: !liked, likeCount: Math.max(0, p.likeCount - context.delta) }));
        }
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('feed.post.likeFailed', { message: serverText(error.message) }) });
      },
    }),
    scope: { id: `post-like:${post.id}` },
  });

  const liked = post.likedByMe;
  return (
    <Button
      variant={liked ? 'light' : 'subtle'}
      color={liked ? 'red' : 'gray'}
      size="compact-md"
      radius="xl"
      fw={500}
      leftSection={liked ? <IconHeartFilled size={18} aria-hidden="true" /> : <IconHeart size={18} aria-hidden="true" />}
      aria-pressed={liked}
      onClick={() => like.mutate({ postId: post.id, liked: !liked })}
    >
      {t('feed.post.likes', { count: post.likeCount, value: formatCount(post.likeCount) })}
    </Button>
  );
}
