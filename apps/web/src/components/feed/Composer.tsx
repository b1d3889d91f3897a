import { Alert, Button, FileButton, Group, Paper, Stack } from '@mantine/core';
import { LazyTooltip } from '../LazyTooltip.tsx';
import { IconChartBar, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../UserAvatar.tsx';
import { MentionTextarea } from '../mentions/MentionTextarea.tsx';
import { useMentionPicks } from '../mentions/useMentionPicks.ts';
import { useMe } from '../../lib/auth.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { isSignedOutError, serverReason } from '../../lib/trpc-errors.ts';
import { serverText } from '../../i18n/server-text.ts';
import { AttachmentPreview } from './AttachmentPreview.tsx';
import { acceptOf } from '../../lib/files.ts';
import { useFeed } from './FeedContext.tsx';
import { FeelingPicker } from './FeelingPicker.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { useFeedView } from './feedView.tsx';
import { emptyPoll, PollEditor, pollOfDraft, usePollProblem, type PollDraft } from './PollEditor.tsx';
import type { Feeling } from './feelings.ts';
import { useAttachmentUpload } from './useAttachmentUpload.ts';
import { useFeedCache } from './useFeedCache.ts';
import { growingBox } from '../../lib/growingBox.ts';

/** Spec section 5, 'Post': text required (a blank one cannot be posted), an optional feeling and attachment. */
export const Composer = memo(function Composer() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const me = useMe();
  const { communityId } = useFeed();
  const cache = useFeedCache();
  const [content, setContent] = useState('');
  const picks = useMentionPicks();
  const [feeling, setFeeling] = useState<Feeling | null>(null);
  // A post written under a category chip starts in that category.
  const { view } = useFeedView();
  const [categoryId, setCategoryId] = useState<string | null | undefined>(undefined);
  const category = categoryId === undefined ? view.categoryId : categoryId;
  const { attachment, pick, clear } = useAttachmentUpload();
  // A new file input after each post or removal, so picking the same file again still counts.
  const [fileInput, setFileInput] = useState(0);
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [pollTried, setPollTried] = useState(false);
  const pollError = usePollProblem(poll);

  const create = useMutation(
    trpc.posts.create.mutationOptions({
      onSuccess: (post) => {
        cache.addPost(post);
        setContent('');
        picks.reset();
        setFeeling(null);
        setCategoryId(undefined);
        clear();
        setFileInput((n) => n + 1);
        setPoll(null);
        setPollTried(false);
      },
    }),
  );

  const uploading = attachment?.status === 'uploading';
  const blocked = content.trim() === '' || uploading || attachment?.status === 'failed';
  const submit = () => {
    if (blocked || create.isPending) return;
    setPollTried(true);
    if (pollError !== null) return;
    create.mutate({
      communityId,
      content: picks.stored(content),
      feeling,
      categoryId: category,
      attachmentKey: attachment?.status === 'ready' ? attachment.key : null,
      poll: poll ? pollOfDraft(poll) : null,
    });
  };
  const removeFile = () => {
    clear();
    setFileInput((n) => n + 1);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('feed.composer.region')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <UserAvatar username={me.data?.username} avatarUrl={me.data?.avatarUrl} radius="xl" size={40} visibleFrom="xs" />
            <MentionTextarea
              communityId={communityId}
              onPick={picks.pick}
              aria-label={t('feed.composer.text')}
              placeholder={t('feed.composer.text')}
              value={content}
              onChange={setContent}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
              }}
              {...growingBox(2, 10)}
              radius="md"
              style={{ flex: 1 }}
            />
          </Group>
          {attachment && <AttachmentPreview attachment={attachment} onRemove={removeFile} />}
          {poll && (
            <PollEditor
              value={poll}
              onChange={setPoll}
              onRemove={() => setPoll(null)}
              disabled={create.isPending}
              error={pollTried && pollError ? serverText(pollError) : null}
            />
          )}
          {create.isError && !isRateLimited(create.error) && (
            <Alert
              color="red"
              role="alert"
              radius="md"
              p="sm"
              // A missing session says so; anything else is the spec's 'Failed to create post.'
              title={isSignedOutError(create.error) ? t('feed.composer.loginRequired') : t('feed.composer.failed')}
              withCloseButton
              onClose={() => create.reset()}
            >
              {serverReason(create.error)}
            </Alert>
          )}
          <Group justify="space-between" gap="xs">
            <Group gap={4}>
              <FeelingPicker value={feeling} onChange={setFeeling} disabled={create.isPending} />
              <CategoryPicker value={category} onChange={setCategoryId} disabled={create.isPending} />
              <FileButton key={fileInput} onChange={(file) => void pick(file)} accept={acceptOf('post-attachment')} disabled={create.isPending}>
                {(props) => (
                  <LazyTooltip label={t('feed.composer.attachHint')} multiline w={260} withArrow openDelay={400}>
                    <Button {...props} variant="subtle" color="gray" size="compact-md" fw={500} leftSection={<IconPaperclip size={18} />} disabled={create.isPending}>
                      {t('feed.composer.attach')}
                    </Button>
                  </LazyTooltip>
                )}
              </FileButton>
              {!poll && (
                <Button variant="subtle" color="gray" size="compact-md" fw={500} leftSection={<IconChartBar size={18} aria-hidden="true" />} onClick={() => setPoll(emptyPoll())} disabled={create.isPending}>
                  {t('polls.add')}
                </Button>
              )}
            </Group>
            <Button type="submit" disabled={blocked} loading={create.isPending} rightSection={<IconSend className="mirror-rtl" size={16} />} px="lg" ms="auto">
              {t('feed.composer.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
});
