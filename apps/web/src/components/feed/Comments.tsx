import { createCommentInput, POST_MESSAGES } from '@app/shared/posts';
import { LIMITS } from '@app/shared/constants';
import { levelOf } from '@app/shared/levels';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { mentionToken } from '@app/shared/mentions';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
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
import { useFeed } from './FeedContext.tsx';
import { useFeedCache } from './useFeedCache.ts';

/** A post's comments, oldest first, kept current by the live feed, and the box to add one. */
export function Comments({ postId, id, highlightId }: { postId: string; id: string; highlightId?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const comments = useQuery(trpc.posts.comments.queryOptions({ postId }));
  const labels = { loading: t('feed.comments.loading'), loadFailed: t('feed.comments.loadFailed'), list: t('feed.comments.list'), empty: t('feed.comments.empty') };
  // The comment being answered: the box below starts with '@Name' and says whom it replies to.
  const [replyTo, setReplyTo] = useState<FeedComment | null>(null);
  return (
    <CommentThread
      id={id}
      comments={comments.isSuccess ? comments.data : null}
      error={comments.error}
      labels={labels}
      renderComment={(comment) => <PostComment comment={comment} highlighted={comment.id === highlightId} onReply={() => setReplyTo(comment)} />}
    >
      <PostCommentForm key={replyTo?.id ?? 'new'} postId={postId} replyTo={replyTo} onReplied={() => setReplyTo(null)} />
    </CommentThread>
  );
}

const nameOf = (person: { fullName: string | null; username: string }) => person.fullName ?? person.username;

/** One comment, with its like toggle and Reply; its author and the community owner may delete it. */
function PostComment({ comment, highlighted, onReply }: { comment: FeedComment; highlighted: boolean; onReply: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const { viewerId } = useFeed();
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
      mentions={comment.mentions}
      replyingTo={comment.replyTo ? t('mentions.replyingTo', { name: nameOf(comment.replyTo.author) }) : undefined}
      deleteLabel={t('feed.comments.delete')}
      onDelete={canDelete ? () => remove.mutate({ commentId: comment.id }) : undefined}
      deleting={remove.isPending}
      footer={
        <>
          <CommentLikeButton comment={comment} />
          {viewerId !== comment.author.id && (
            <Button
              variant="subtle"
              color="gray"
              size="compact-xs"
              radius="xl"
              fw={500}
              leftSection={<IconArrowBackUp className="mirror-rtl" size={14} aria-hidden="true" />}
              aria-label={t('mentions.replyTo', { name: nameOf(comment.author) })}
              onClick={onReply}
            >
              {t('mentions.reply')}
            </Button>
          )}
        </>
      }
      highlighted={highlighted}
    />
  );
}

/**
 * Spec section 5, 'Post comment': 1 to 250 characters after trimming, counted as one types (a
 * mention as one); `@` offers the community's members. A reply starts with '@Name' of the comment's author.
 */
function PostCommentForm({ postId, replyTo, onReplied }: { postId: string; replyTo: FeedComment | null; onReplied: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const { communityId } = useFeed();
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
  const form = (
    <CommentForm
      mentionsIn={communityId}
      initial={replyTo ? { text: `${mentionToken(replyTo.author.id)} `, mentions: [{ ...replyTo.author, member: true }] } : undefined}
      labels={{ text: t('feed.comments.text'), placeholder: t('feed.comments.placeholder'), submit: t('feed.comments.submit'), failed: t('feed.comments.failed') }}
      schema={createCommentInput.shape.content}
      counter={{ max: LIMITS.commentMax, label: (count) => t('feed.comments.counter', { count, max: formatCount(LIMITS.commentMax) }) }}
      sending={add.isPending}
      error={failure}
      onDismissError={() => add.reset()}
      onSend={(content, sent) =>
        add.mutate(
          { postId, content, replyToId: replyTo?.id ?? null },
          {
            onSuccess: () => {
              sent();
              if (replyTo) onReplied();
            },
          },
        )
      }
    />
  );
  if (!replyTo) return form;
  return (
    <div>
      <Group gap={4} wrap="nowrap" mb={4}>
        <Text size="xs" c="dimmed">
          {t('mentions.replyingTo', { name: nameOf(replyTo.author) })}
        </Text>
        <CloseButton size="xs" aria-label={t('mentions.cancelReply')} onClick={onReplied} />
      </Group>
      {form}
    </div>
  );
}
