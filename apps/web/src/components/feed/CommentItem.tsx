import { Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import { levelOf } from '@app/shared/levels';
import { useTRPC } from '../../lib/trpc.ts';
import { CommentHeader } from './CommentHeader.tsx';
import { CommentLikeButton } from './CommentLikeButton.tsx';
import { useCanManage } from './FeedContext.tsx';
import { PostText } from './PostText.tsx';
import type { FeedComment } from './types.ts';
import { useFeedCache } from './useFeedCache.ts';

/** One comment, with its like toggle; its author and the community owner may delete it. */
export function CommentItem({ comment }: { comment: FeedComment }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const canDelete = useCanManage(comment.author.id);
  const name = comment.author.fullName ?? comment.author.username;
  const remove = useMutation(
    trpc.posts.deleteComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(comment.postId) }),
      onSuccess: ({ postId, commentCount }, _input, context) => {
        cache.removeComment(postId, comment.id);
        if (context.version === cache.versionOf(postId)) cache.patchPost(postId, () => ({ commentCount }));
      },
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('feed.comments.deleteFailed', { message: serverText(error.message) }) });
      },
    }),
  );

  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" role="listitem" aria-label={name}>
      <UserAvatar username={comment.author.username} avatarUrl={comment.author.avatarUrl} level={levelOf(comment.author.points)} radius="xl" size={32} />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <CommentHeader
          author={comment.author}
          createdAt={comment.createdAt}
          deleteLabel={t('feed.comments.delete')}
          onDelete={canDelete ? () => remove.mutate({ commentId: comment.id }) : undefined}
          deleting={remove.isPending}
        />
        <PostText text={comment.content} size="sm" />
        <Group gap={4}>
          <CommentLikeButton comment={comment} />
        </Group>
      </Stack>
    </Group>
  );
}
