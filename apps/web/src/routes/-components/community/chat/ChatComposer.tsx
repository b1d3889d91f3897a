import { ActionIcon, Alert, CloseButton, FileButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { LazyTooltip } from '../../../../components/LazyTooltip.tsx';
import { CHAT_MESSAGES } from '@app/shared/plain/chat';
import { IconPaperclip, IconSend2, IconVideo } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { isRateLimited } from '../../../../lib/rate-limit.ts';
import { uploadFile } from '../../../../lib/uploads.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { MentionTextarea } from '../../../../components/mentions/MentionTextarea.tsx';
import { useMentionPicks } from '../../../../components/mentions/useMentionPicks.ts';
import { CHAT_ACCEPT, uploadKindOf } from './chatFiles.ts';
import classes from './chat.module.css';
import type { ChatMessage } from './types.ts';
import { useChatCache } from './useChatCache.ts';
import { growingBox } from '../../../../lib/growingBox.ts';

interface ChatComposerProps {
  communityId: string;
  otherId: string;
  otherName: string;
  /** After one of ours is sent: the view goes to the newest message. */
  onSent: () => void;
}

type Problem = { title: string; detail: string | null } | null;

/**
 * Spec section 5, 'Chat': Enter sends and Shift+Enter adds a line; a blank text with a blank video
 * link cannot be sent; a video link goes as its own message; a picked file is uploaded and sent at
 * once, with the text as its caption.
 */
export const ChatComposer = memo(function ChatComposer({ communityId, otherId, otherName, onSent }: ChatComposerProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useChatCache(communityId, otherId);
  const [text, setText] = useState('');
  // Mentions in chat render as links and tell nobody: a third person cannot open the conversation.
  const picks = useMentionPicks();
  const clearText = () => {
    setText('');
    picks.reset();
  };
  const [videoUrl, setVideoUrl] = useState('');
  const [videoOpen, setVideoOpen] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  // A new file input after each pick, so the same file can be picked again.
  const [fileInput, setFileInput] = useState(0);

  const send = useMutation(
    trpc.chat.send.mutationOptions({
      onSuccess: (message: ChatMessage) => {
        cache.upsert(message);
        void cache.refreshLists();
        onSent();
      },
    }),
  );

  const busy = send.isPending || uploading !== null;
  const blank = text.trim() === '' && videoUrl.trim() === '';

  async function submit() {
    if (blank || busy) return;
    setProblem(null);
    try {
      if (text.trim() !== '') {
        await send.mutateAsync({ communityId, userId: otherId, text: picks.stored(text) });
        clearText();
      }
      if (videoUrl.trim() !== '') {
        await send.mutateAsync({ communityId, userId: otherId, videoUrl });
        setVideoUrl('');
        setVideoOpen(false);
      }
    } catch (error) {
      // Over a limit the text stays in the box and one calm note says when to send it.
      if (!isRateLimited(error)) setProblem({ title: t('chat.composer.failed'), detail: error instanceof Error ? error.message : null });
    }
  }

  async function attach(file: File | null) {
    setFileInput((n) => n + 1);
    if (!file || busy) return;
    setProblem(null);
    setUploading(file.name);
    let key: string;
    try {
      key = (await uploadFile(uploadKindOf(file), file)).key;
    } catch (error) {
      setUploading(null);
      if (!isRateLimited(error)) setProblem({ title: CHAT_MESSAGES.uploadFailed, detail: error instanceof Error ? error.message : null });
      return;
    }
    try {
      await send.mutateAsync({ communityId, userId: otherId, attachmentKey: key, fileName: file.name, text: picks.stored(text) });
      clearText();
    } catch (error) {
      if (!isRateLimited(error)) setProblem({ title: t('chat.composer.failed'), detail: error instanceof Error ? error.message : null });
    } finally {
      setUploading(null);
    }
  }

  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className={classes.composer}
      aria-label={t('chat.composer.region', { name: otherName })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        {problem && (
          <Alert color="red" role="alert" p="xs" title={serverText(problem.title)} withCloseButton onClose={() => setProblem(null)} closeButtonLabel={t('chat.composer.dismiss')}>
            {problem.detail !== null && problem.detail !== problem.title ? serverText(problem.detail) : null}
          </Alert>
        )}
        {uploading && (
          <Group gap="xs" role="status" px={4}>
            <Loader size="xs" />
            <Text size="xs" c="dimmed" truncate>
              {t('chat.composer.uploading', { name: uploading })}
            </Text>
          </Group>
        )}
        {videoOpen && (
          <TextInput
            label={t('chat.composer.videoLabel')}
            placeholder="https://"
            description={t('chat.composer.videoHint')}
            value={videoUrl}
            onChange={(event) => setVideoUrl(event.currentTarget.value)}
            onKeyDown={onEnter}
            leftSection={<IconVideo size={16} />}
            rightSection={<CloseButton size="sm" aria-label={t('chat.composer.removeVideo')} onClick={() => { setVideoUrl(''); setVideoOpen(false); }} />}
            size="sm"
            type="url"
            inputMode="url"
            autoFocus
          />
        )}
        <Group gap={4} align="flex-end" wrap="nowrap">
          <FileButton key={fileInput} onChange={(file) => void attach(file)} accept={CHAT_ACCEPT} disabled={busy}>
            {(props) => (
              <LazyTooltip label={t('chat.composer.attachHint')} withArrow multiline w={240} openDelay={400}>
                <ActionIcon {...props} variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('chat.composer.attach')} disabled={busy} mb={2}>
                  <IconPaperclip size={20} />
                </ActionIcon>
              </LazyTooltip>
            )}
          </FileButton>
          <LazyTooltip label={t('chat.composer.video')} withArrow openDelay={400}>
            <ActionIcon
              variant={videoOpen ? 'light' : 'subtle'}
              color={videoOpen ? 'brand' : 'gray'}
              size="lg"
              radius="xl"
              aria-label={t('chat.composer.video')}
              aria-pressed={videoOpen}
              onClick={() => setVideoOpen((open) => !open)}
              mb={2}
            >
              <IconVideo size={20} />
            </ActionIcon>
          </LazyTooltip>
          <MentionTextarea
            communityId={communityId}
            onPick={picks.pick}
            aria-label={t('chat.composer.label')}
            placeholder={t('chat.composer.placeholder')}
            value={text}
            onChange={setText}
            onKeyDown={onEnter}
            {...growingBox(1, 5)}
            radius="xl"
            style={{ flex: 1 }}
          />
          <ActionIcon type="submit" size="lg" radius="xl" aria-label={t('chat.composer.send')} disabled={blank || busy} loading={send.isPending && !uploading} mb={2}>
            <IconSend2 className="mirror-rtl" size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </form>
  );
});
