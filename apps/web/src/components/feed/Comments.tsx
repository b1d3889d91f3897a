import { Alert, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';

/** A post's comments, oldest first, kept current by the live feed, and the box to add one. */
export function Comments({ postId, id }: { postId: string; id: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const comments = useQuery(trpc.posts.comments.queryOptions({ postId }));

  return (
    <Stack gap="sm" id={id} pt="xs">
      <Divider />
      {comments.isPending ? (
        <Center py="sm" role="status" aria-label={t('feed.comments.loading')}>
          <Loader size="sm" />
        </Center>
      ) : comments.isError ? (
        <Alert color="red" role="alert" p="xs" radius="md">
          {t('feed.comments.loadFailed')} {serverText(comments.error.message)}
        </Alert>
      ) : comments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('feed.comments.empty')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('feed.comments.list')}>
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </Stack>
      )}
      <CommentForm postId={postId} />
    </Stack>
  );
}
