import { createCommentInput, POST_MESSAGES } from '@app/shared/posts';
import { LIMITS } from '@app/shared/constants';
import { levelOf } from '@app/shared/levels';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { formatCount } from '../../lib/format.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CommentForm } from '../comments/CommentForm.tsx';
import { CommentItem } from '../comments/CommentItem.tsx';
import { CommentThread } from '../comments/CommentThread.tsx';
import { CommentLikeButton } from './CommentLikeButton.tsx';
import { useCanManage } from './FeedContext.tsx';
import type { FeedComment } from '../../lib/paged.ts';
import { useFeedCache } from './useFeedCache.ts';

/** A post's comments, oldest first, kept current by the live feed, and the box to add one. */
export function Comments({ postId, id, highlightId }: { postId: string; id: string; highlightId?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const comments = useQuery(trpc.posts.comments.queryOptions({ postId }));
  const labels = { loading: t('feed.comments.loading'), loadFailed: t('feed.comments.loadFailed'), list: t('feed.comments.list'), empty: t('feed.comments.empty') };
  return (
    <CommentThread id={id} comments={comments.isSuccess ? comments.data : null} error={comments.error} labels={labels} renderComment={(comment) => <PostComment comment={comment} highlighted={comment.id === highlightId} />}>
      <PostCommentForm postId={postId} />
    </CommentThread>
  );
}

/** One comment, with its like toggle; its author and the community owner may delete it. */
function PostComment({ comment, highlighted }: { comment: FeedComment; highlighted: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const canDelete = useCanManage(comment.author.id);
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
    <CommentItem
      author={comment.author}
      level={levelOf(comment.author.points)}
      createdAt={comment.createdAt}
      text={comment.content}
      deleteLabel={t('feed.comments.delete')}
      onDelete={canDelete ? () => remove.mutate({ commentId: comment.id }) : undefined}
      deleting={remove.isPending}
      footer={<CommentLikeButton comment={comment} />}
      highlighted={highlighted}
    />
  );
}

/** Spec section 5, 'Post comment': 1 to 250 characters after trimming, counted as one types. */
function PostCommentForm({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const add = useMutation(
    trpc.posts.addComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(postId) }),
      onSuccess: ({ comment, commentCount }, _input, context) => {
        cache.addComment(postId, comment);
        if (context.version === cache.versionOf(postId)) cache.patchPost(postId, () => ({ commentCount }));
      },
    }),
  );
  const failure = add.isError && !isRateLimited(add.error) ? serverText(add.error.data?.code === 'UNAUTHORIZED' ? POST_MESSAGES.loginToComment : add.error.message) : null;
  return (
    <CommentForm
      labels={{ text: t('feed.comments.text'), placeholder: t('feed.comments.placeholder'), submit: t('feed.comments.submit'), failed: t('feed.comments.failed') }}
      schema={createCommentInput.shape.content}
      counter={{ max: LIMITS.commentMax, label: (count) => t('feed.comments.counter', { count, max: formatCount(LIMITS.commentMax) }) }}
      sending={add.isPending}
      error={failure}
      onDismissError={() => add.reset()}
      onSend={(content, sent) => add.mutate({ postId, content }, { onSuccess: sent })}
    />
  );
}
