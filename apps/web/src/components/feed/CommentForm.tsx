import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { createCommentInput, POST_MESSAGES } from '@app/shared/posts';
import { LIMITS } from '@app/shared/constants';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { formatCount } from '../../lib/format.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useFeedCache } from './useFeedCache.ts';

/** Spec section 5, 'Post comment': 1 to 250 characters after trimming, counted as one types. */
export function CommentForm({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const [content, setContent] = useState('');
  const add = useMutation(
    trpc.posts.addComment.mutationOptions({
      onMutate: () => ({ version: cache.versionOf(postId) }),
      onSuccess: ({ comment, commentCount }, _input, context) => {
        cache.addComment(postId, comment);
        if (context.version === cache.versionOf(postId)) cache.patchPost(postId, () => ({ commentCount }));
        setContent('');
      },
    }),
  );

  const trimmed = content.trim();
  // The same schema the server checks, so both say the spec's words.
  const check = createCommentInput.shape.content.safeParse(content);
  const tooLong = trimmed.length > LIMITS.commentMax;
  const canSend = check.success && !add.isPending;
  const submit = () => {
    if (canSend) add.mutate({ postId, content });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        <Textarea
          aria-label={t('feed.comments.text')}
          placeholder={t('feed.comments.placeholder')}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
          error={tooLong && check.error?.issues[0] ? serverText(check.error.issues[0].message) : undefined}
          autosize
          minRows={1}
          maxRows={6}
          radius="md"
          size="sm"
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'}>
            {t('feed.comments.counter', { count: trimmed.length, max: formatCount(LIMITS.commentMax) })}
          </Text>
          <Button type="submit" size="compact-sm" disabled={!canSend} loading={add.isPending} rightSection={<IconSend className="mirror-rtl" size={14} />}>
            {t('feed.comments.submit')}
          </Button>
        </Group>
        {add.isError && !isRateLimited(add.error) && (
          <Alert color="red" role="alert" p="xs" radius="md" title={t('feed.comments.failed')} withCloseButton onClose={() => add.reset()}>
            {serverText(add.error.data?.code === 'UNAUTHORIZED' ? POST_MESSAGES.loginToComment : add.error.message)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
