import { ActionIcon, Alert, Button, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from '../../../../components/LazyTooltip.tsx';
import { LazyMenu } from '../../../../components/LazyMenu.tsx';
import { IconCheck, IconChecks, IconDotsVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { MentionRuns } from '../../../../components/mentions/MentionRuns.tsx';
import { MentionTextarea } from '../../../../components/mentions/MentionTextarea.tsx';
import { useMentionPicks } from '../../../../components/mentions/useMentionPicks.ts';
import { ChatAttachment } from './ChatAttachment.tsx';
import { ChatVideo } from './ChatVideo.tsx';
import classes from './chat.module.css';
import type { ChatMessage } from './types.ts';
import { useChatCache } from './useChatCache.ts';

interface MessageItemProps {
  message: ChatMessage;
  mine: boolean;
  senderName: string;
  /** The other person of the conversation (the cache is theirs). */
  otherId: string;
}

/** One message: text, video or file; the sender's own on the end side, with edit and delete (spec section 4, 'Chat message'). */
export const MessageItem = memo(function MessageItem({ message, mine, senderName, otherId }: MessageItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const trpc = useTRPC();
  const cache = useChatCache(message.communityId, otherId);
  const remove = useMutation(
    trpc.chat.delete.mutationOptions({
      onSuccess: ({ messageId }) => {
        setDeleting(false);
        cache.remove(messageId);
        void cache.refreshLists();
      },
    }),
  );
  const time = formatDate(message.createdAt, 'time');
  const exact = formatDate(message.createdAt, 'exact');

  return (
    <li className={classes.row} data-mine={mine || undefined} data-editing={editing || undefined} data-message-id={message.id}>
      <div className={classes.bubble}>
        <VisuallyHidden>{t(mine ? 'chat.message.fromYou' : 'chat.message.from', { name: senderName })}</VisuallyHidden>
        {editing ? (
          <MessageEditor message={message} otherId={otherId} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap={6}>
            {message.kind === 'video' && <ChatVideo message={message} senderName={senderName} />}
            {message.kind === 'attachment' && <ChatAttachment message={message} senderName={senderName} />}
            {message.text !== '' && (
              <Text size="sm" dir="auto" className={classes.text} c={message.unreadable ? (mine ? 'brand.1' : 'dimmed') : undefined} fs={message.unreadable ? 'italic' : undefined}>
                {message.unreadable ? serverText(message.text) : <MentionRuns text={message.text} mentions={message.mentions} onColor={mine} />}
              </Text>
            )}
          </Stack>
        )}
        <Group gap={6} justify="flex-end" mt={4} className={classes.meta} wrap="nowrap">
          {message.editedAt && (
            <Text size="xs" fs="italic">
              {t('chat.message.edited')}
            </Text>
          )}
          <LazyTooltip label={exact} withArrow openDelay={400}>
            <Text component="time" size="xs" dateTime={message.createdAt.toISOString()}>
              {time}
            </Text>
          </LazyTooltip>
          {mine &&
            (message.readAt ? (
              <IconChecks size={15} role="img" aria-label={t('chat.message.read')} />
            ) : (
              <IconCheck size={15} role="img" aria-label={t('chat.message.sent')} />
            ))}
        </Group>
      </div>
      {mine && !editing && (
        <LazyMenu
          position="bottom-end"
          withinPortal
          shadow="md"
          target={
            <ActionIcon variant="subtle" color="gray" radius="xl" size="sm" className={classes.actions} aria-label={t('chat.message.actions')}>
              <IconDotsVertical size={16} />
            </ActionIcon>
          }
        >
          {!message.unreadable && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t('chat.message.edit')}
            </Menu.Item>
          )}
          <Menu.Item color="red.9" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            {t('chat.message.delete')}
          </Menu.Item>
        </LazyMenu>
      )}
      <ConfirmDialog
        opened={deleting}
        title={t('chat.message.deleteTitle')}
        confirmLabel={t('chat.message.delete')}
        busy={remove.isPending}
        error={remove.error && serverText(remove.error.message)}
        onConfirm={() => remove.mutate({ messageId: message.id })}
        onCancel={() => {
          setDeleting(false);
          remove.reset();
        }}
      >
        {t('chat.message.deleteBody')}
      </ConfirmDialog>
    </li>
  );
});

/** Inline editing of one's own message: Enter saves, Shift+Enter adds a line, Escape cancels. */
function MessageEditor({ message, otherId, onDone }: { message: ChatMessage; otherId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useChatCache(message.communityId, otherId);
  const picks = useMentionPicks({ text: message.text, mentions: message.mentions });
  const [text, setText] = useState(picks.initialText);
  const edit = useMutation(
    trpc.chat.edit.mutationOptions({
      onSuccess: (updated) => {
        cache.upsert(updated);
        void cache.refreshLists();
        onDone();
      },
    }),
  );
  const blank = text.trim() === '';
  const save = () => {
    if (blank || edit.isPending) return;
    const stored = picks.stored(text);
    if (stored === message.text) return onDone();
    edit.mutate({ messageId: message.id, text: stored });
  };
  return (
    <Stack gap={6}>
      <MentionTextarea
        communityId={message.communityId}
        onPick={picks.pick}
        aria-label={t('chat.message.editLabel')}
        value={text}
        onChange={setText}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          }
        }}
        autosize
        minRows={1}
        maxRows={8}
        data-autofocus
        autoFocus
      />
      {edit.isError && (
        <Alert color="red" role="alert" p={6}>
          {serverText(edit.error.message)}
        </Alert>
      )}
      <Group gap={6} justify="flex-end">
        <Button size="compact-sm" variant="white" color="gray" onClick={onDone} disabled={edit.isPending}>
          {t('chat.message.cancel')}
        </Button>
        <Button size="compact-sm" variant="white" onClick={save} disabled={blank} loading={edit.isPending}>
          {t('chat.message.save')}
        </Button>
      </Group>
    </Stack>
  );
}
