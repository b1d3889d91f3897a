import { notifications } from '@mantine/notifications';
import { addFeedbackCommentInput } from '@app/shared/feedback';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CommentForm } from '../../../../components/comments/CommentForm.tsx';
import { CommentItem } from '../../../../components/comments/CommentItem.tsx';
import { CommentThread } from '../../../../components/comments/CommentThread.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { isRateLimited } from '../../../../lib/rate-limit.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { isSignedOutError } from '../../../../lib/trpc-errors.ts';
import type { FeedbackComment } from '../../../../lib/paged.ts';
import { useWallCache } from './useWallCache.ts';
import { useWallRights } from './WallContext.tsx';

interface FeedbackCommentsProps {
  feedbackId: string;
  commentCount: number;
  id: string;
}

/** A feedback's comments, oldest first, kept current by the live wall, and the box to add one. */
export function FeedbackComments({ feedbackId, commentCount, id }: FeedbackCommentsProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  // With none yet there is nothing to ask for; the first one (live or the viewer's) brings the list.
  const comments = useQuery({ ...trpc.feedback.comments.queryOptions({ feedbackId }), enabled: commentCount > 0 });
  const labels = { loading: t('feedback.comments.loading'), loadFailed: t('feedback.comments.loadFailed'), list: t('feedback.comments.list') };
  return (
    <CommentThread id={id} comments={commentCount > 0 ? (comments.data ?? null) : []} error={comments.error} labels={labels} renderComment={(comment) => <FeedbackCommentItem comment={comment} />}>
      <FeedbackCommentForm feedbackId={feedbackId} />
    </CommentThread>
  );
}

/** One comment; its author and platform admins may delete it. */
function FeedbackCommentItem({ comment }: { comment: FeedbackComment }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useWallCache();
  const { canDelete } = useWallRights(comment.author.id);
  const remove = useMutation(
    trpc.feedback.deleteComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(comment.feedbackId) }),
      onSuccess: ({ feedbackId, commentId, commentCount }, _input, context) => cache.removeComment(feedbackId, commentId, commentCount, context.version),
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('feedback.comments.deleteFailed', { message: serverText(error.message) }) });
      },
    }),
  );
  return (
    <CommentItem
      author={comment.author}
      createdAt={comment.createdAt}
      text={comment.text}
      deleteLabel={t('feedback.comments.delete')}
      onDelete={canDelete ? () => remove.mutate({ feedbackCommentId: comment.id }) : undefined}
      deleting={remove.isPending}
      bubble
    />
  );
}

/**
 * The comment box: non-empty after trimming (the shared schema's rule). A refusal shows 'Failed to
 * submit comment.' under the box and in an error toast titled 'Error' (spec section 8).
 */
function FeedbackCommentForm({ feedbackId }: { feedbackId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useWallCache();
  const add = useMutation(
    trpc.feedback.addComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(feedbackId) }),
      onSuccess: ({ comment, commentCount }, _input, context) => cache.addComment(comment, commentCount, context.version),
      onError: (error) => {
        if (isRateLimited(error)) return;
        const reason = isSignedOutError(error) ? t('feedback.comments.loginRequired') : serverText(error.message);
        notifications.show({ color: 'red', title: t('feedback.comments.errorTitle'), message: `${t('feedback.comments.failed')} ${reason}` });
      },
    }),
  );
  const failure = add.isError && !isRateLimited(add.error) ? (isSignedOutError(add.error) ? t('feedback.comments.loginRequired') : serverText(add.error.message)) : null;
  return (
    <CommentForm
      labels={{ text: t('feedback.comments.text'), placeholder: t('feedback.comments.placeholder'), submit: t('feedback.comments.submit'), failed: t('feedback.comments.failed') }}
      schema={addFeedbackCommentInput.shape.text}
      sending={add.isPending}
      error={failure}
      onDismissError={() => add.reset()}
      onSend={(text, sent) => add.mutate({ feedbackId, text }, { onSuccess: sent })}
    />
  );
}
