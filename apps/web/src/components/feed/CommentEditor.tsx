import { LIMITS } from '@app/shared/constants';
import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { formatCount } from '../../lib/format.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedComment } from '../../lib/paged.ts';
import { CommentForm } from '../comments/CommentForm.tsx';
import { useFeed } from './FeedContext.tsx';
import { useFeedCache } from './useFeedCache.ts';
import { feedSchemas } from './feedSchemas.ts';

/** Its author edits a comment in place, under the rules of a new one; saved, it shows 'edited'. */
export function CommentEditor({ comment, onDone }: { comment: FeedComment; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const { communityId } = useFeed();
  const schemas = feedSchemas.use();
  useEffect(() => void feedSchemas.ensure(), []);
  const save = useMutation(
    trpc.posts.updateComment.mutationOptions({
      onSuccess: (saved) => {
        cache.patchComment(saved.postId, saved.id, () => saved);
        onDone();
      },
    }),
  );
  const failure = save.isError && !isRateLimited(save.error) ? serverText(save.error.message) : null;
  return (
    <Stack gap={4}>
      <CommentForm
        mentionsIn={communityId}
        initial={{ text: comment.content, mentions: comment.mentions }}
        labels={{ text: t('threads.editText'), placeholder: t('feed.comments.placeholder'), submit: t('threads.save'), failed: t('threads.editFailed') }}
        schema={schemas?.updateCommentInput.shape.content ?? null}
        counter={{ max: LIMITS.commentMax, label: (count) => t('feed.comments.counter', { count, max: formatCount(LIMITS.commentMax) }) }}
        sending={save.isPending}
        error={failure}
        onDismissError={() => save.reset()}
        onSend={(content) => save.mutate({ commentId: comment.id, content })}
      />
      <Group justify="flex-end">
        <Button variant="subtle" color="gray" size="compact-sm" onClick={onDone}>
          {t('threads.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
