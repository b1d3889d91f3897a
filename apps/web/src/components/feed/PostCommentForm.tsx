import { POST_MESSAGES } from '@app/shared/plain/posts';
import { LIMITS } from '@app/shared/constants';
import { mentionToken } from '@app/shared/plain/mentions';
import { CloseButton, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
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
import { displayName } from '../PersonName.tsx';

interface PostCommentFormProps {
  postId: string;
  /** The comment answered (a top comment or a reply in its thread); null for a new top comment. */
  replyTo: FeedComment | null;
  /** The reply was sent (`true`) or given up (`false`). */
  onReplied?: (sent: boolean) => void;
}

/**
 * Spec section 5, 'Post comment': 1 to 250 characters after trimming, counted as one types (a
 * mention as one); `@` offers the community's members. A reply, shown in its thread, starts with
 * '@Name' of the answered comment's author (unless that is the viewer) and says whom it answers.
 */
export function PostCommentForm({ postId, replyTo, onReplied }: PostCommentFormProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const schemas = feedSchemas.use();
  const { communityId, viewerId } = useFeed();
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
  const mention = replyTo && replyTo.author.id !== viewerId ? replyTo.author : null;
  const form = (
    <CommentForm
      mentionsIn={communityId}
      initial={mention ? { text: `${mentionToken(mention.id)} `, mentions: [{ ...mention, member: true }] } : replyTo ? { text: '', mentions: [] } : undefined}
      labels={{ text: t('feed.comments.text'), placeholder: t('feed.comments.placeholder'), submit: t('feed.comments.submit'), failed: t('feed.comments.failed') }}
      schema={schemas?.createCommentInput.shape.content ?? null}
      onUse={() => void feedSchemas.ensure()}
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
              if (replyTo) onReplied?.(true);
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
          {t('mentions.replyingTo', { name: displayName(replyTo.author) })}
        </Text>
        <CloseButton size="xs" aria-label={t('mentions.cancelReply')} onClick={() => onReplied?.(false)} />
      </Group>
      {form}
    </div>
  );
}
