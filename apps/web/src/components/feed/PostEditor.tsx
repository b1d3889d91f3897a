import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { MentionTextarea } from '../mentions/MentionTextarea.tsx';
import { useMentionPicks } from '../mentions/useMentionPicks.ts';
import { FeelingPicker } from './FeelingPicker.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { draftOfPoll, PollEditor, pollOfDraft, usePollProblem, type PollDraft } from './PollEditor.tsx';
import type { Feeling } from './feelings.ts';
import type { FeedItem } from '../../lib/paged.ts';
import { useFeedCache } from './useFeedCache.ts';

interface PostEditorProps {
  post: FeedItem;
  onDone: () => void;
}

/** Inline editing of a post's text and feeling (spec section 4, 'Post'), and its poll's options until the first vote: Save or Cancel. */
export function PostEditor({ post, onDone }: PostEditorProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const picks = useMentionPicks({ text: post.content, mentions: post.mentions });
  const [content, setContent] = useState(picks.initialText);
  const [feeling, setFeeling] = useState<Feeling | null>((post.feeling as Feeling | null) ?? null);
  const [categoryId, setCategoryId] = useState(post.categoryId);
  // A poll's options may change until its first vote; after it (or once closed) the edit leaves the poll as it is.
  const [poll, setPoll] = useState<PollDraft | null>(() => (post.poll && !post.poll.closed && post.poll.totalVotes === 0 ? draftOfPoll(post.poll) : null));
  const [pollTried, setPollTried] = useState(false);
  const pollError = usePollProblem(poll);
  const update = useMutation(
    trpc.posts.update.mutationOptions({
      onSuccess: (saved) => {
        cache.edited(saved);
        cache.patchPost(saved.id, () => ({ poll: saved.poll }));
        onDone();
      },
    }),
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setPollTried(true);
        if (content.trim() === '' || pollError !== null) return;
        update.mutate({ postId: post.id, content: picks.stored(content), feeling, categoryId, ...(poll ? { poll: pollOfDraft(poll) } : {}) });
      }}
    >
      <Stack gap="xs">
        <MentionTextarea
          communityId={post.communityId}
          onPick={picks.pick}
          aria-label={t('feed.post.editText')}
          value={content}
          onChange={setContent}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !update.isPending) onDone();
          }}
          autosize
          minRows={2}
          maxRows={12}
          radius="md"
          autoFocus
        />
        {poll && <PollEditor value={poll} onChange={setPoll} disabled={update.isPending} error={pollTried && pollError ? serverText(pollError) : null} />}
        {update.isError && !isRateLimited(update.error) && (
          <Alert color="red" role="alert" p="xs" radius="md">
            {t('feed.post.saveFailed', { message: serverText(update.error.message) })}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <FeelingPicker value={feeling} onChange={setFeeling} disabled={update.isPending} />
            <CategoryPicker value={categoryId} onChange={setCategoryId} disabled={update.isPending} />
          </Group>
          <Group gap="xs">
            <Button variant="default" size="compact-md" onClick={onDone} disabled={update.isPending}>
              {t('feed.post.cancel')}
            </Button>
            <Button type="submit" size="compact-md" disabled={content.trim() === ''} loading={update.isPending}>
              {t('feed.post.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
