import { Alert, Button, Center, Divider, Group, Loader, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { addFeedbackCommentInput } from '@app/shared/feedback';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { isRateLimited } from '../../../../lib/rate-limit.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { isSignedOutError } from '../../../../lib/trpc-errors.ts';
import { CommentHeader } from '../../../../components/feed/CommentHeader.tsx';
import { PostText } from '../../../../components/feed/PostText.tsx';
import type { FeedbackComment } from './types.ts';
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
  const list = commentCount > 0 ? (comments.data ?? null) : [];

  return (
    <Stack gap="sm" id={id} pt="xs">
      <Divider />
      {list === null && comments.isError ? (
        <Alert color="red" role="alert" p="xs" radius="md">
          {t('feedback.comments.loadFailed')} {serverText(comments.error.message)}
        </Alert>
      ) : list === null ? (
        <Center py="sm" role="status" aria-label={t('feedback.comments.loading')}>
          <Loader size="sm" />
        </Center>
      ) : (
        list.length > 0 && (
          <Stack gap="sm" role="list" aria-label={t('feedback.comments.list')}>
            {list.map((comment) => (
              <CommentRow key={comment.id} comment={comment} />
            ))}
          </Stack>
        )
      )}
      <CommentBox feedbackId={feedbackId} />
    </Stack>
  );
}

/** One comment; its author and platform admins may delete it. */
function CommentRow({ comment }: { comment: FeedbackComment }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useWallCache();
  const { canDelete } = useWallRights(comment.author.id);
  const name = comment.author.fullName ?? comment.author.username;
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
    <Group gap="sm" align="flex-start" wrap="nowrap" role="listitem" aria-label={name}>
      <UserAvatar username={comment.author.username} avatarUrl={comment.author.avatarUrl} radius="xl" size={32} />
      <Stack gap={2} miw={0} style={{ flex: 1 }} px="sm" py={6} bg="gray.0" bdrs="md">
        <CommentHeader
          author={comment.author}
          createdAt={comment.createdAt}
          deleteLabel={t('feedback.comments.delete')}
          onDelete={canDelete ? () => remove.mutate({ feedbackCommentId: comment.id }) : undefined}
          deleting={remove.isPending}
        />
        <PostText text={comment.text} size="sm" />
      </Stack>
    </Group>
  );
}

/**
 * The comment box: non-empty after trimming (the shared schema's rule). A refusal shows 'Failed to
 * submit comment.' under the box and in an error toast titled 'Error' (spec section 8).
 */
function CommentBox({ feedbackId }: { feedbackId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useWallCache();
  const [text, setText] = useState('');
  const add = useMutation(
    trpc.feedback.addComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(feedbackId) }),
      onSuccess: ({ comment, commentCount }, _input, context) => {
        cache.addComment(comment, commentCount, context.version);
        setText('');
      },
      onError: (error) => {
        if (isRateLimited(error)) return;
        const reason = isSignedOutError(error) ? t('feedback.comments.loginRequired') : serverText(error.message);
        notifications.show({ color: 'red', title: t('feedback.comments.errorTitle'), message: `${t('feedback.comments.failed')} ${reason}` });
      },
    }),
  );
  const check = addFeedbackCommentInput.shape.text.safeParse(text);
  const tooLong = !check.success && text.trim() !== '';
  const submit = () => {
    if (check.success && !add.isPending) add.mutate({ feedbackId, text });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Textarea
            aria-label={t('feedback.comments.text')}
            placeholder={t('feedback.comments.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
            error={tooLong && check.error?.issues[0] ? serverText(check.error.issues[0].message) : undefined}
            autosize
            minRows={1}
            maxRows={6}
            radius="xl"
            size="sm"
            style={{ flex: 1 }}
          />
          <Button type="submit" size="sm" radius="xl" disabled={!check.success} loading={add.isPending} rightSection={<IconSend className="mirror-rtl" size={14} />}>
            {t('feedback.comments.submit')}
          </Button>
        </Group>
        {add.isError && !isRateLimited(add.error) && (
          <Alert color="red" role="alert" p="xs" radius="md" title={t('feedback.comments.failed')} withCloseButton onClose={() => add.reset()}>
            {isSignedOutError(add.error) ? t('feedback.comments.loginRequired') : serverText(add.error.message)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
