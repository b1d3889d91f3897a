import { ActionIcon, Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { LazyTooltip } from '../../../../components/LazyTooltip.tsx';
import { CHAT_MESSAGES } from '@app/shared/plain/chat';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { downloadFile, FILE_COLORS, FILE_ICONS, fileKind } from '../../../../lib/files.ts';
import classes from './chat.module.css';
import type { ChatMessage } from './types.ts';

/** Spec section 8: the download toasts last about 2.5 seconds. */
const DOWNLOAD_TOAST_MS = 2500;

/** An image shown in the conversation, or a file offered for download. */
export function ChatAttachment({ message, senderName }: { message: ChatMessage; senderName: string }) {
  const { t } = useTranslation();
  if (!message.attachmentUrl) return null;
  const name = message.fileName ?? t('chat.message.file');
  if (fileKind(message.attachmentType) === 'image') {
    return (
      <Stack gap={4} align="flex-start">
        <Anchor href={message.attachmentUrl} target="_blank" rel="noopener" aria-label={t('chat.message.openImage', { name })} display="block" maw="100%">
          <img src={message.attachmentUrl} alt={t('chat.message.image', { name: senderName })} loading="lazy" className={classes.image} />
        </Anchor>
        <DownloadButton url={message.attachmentUrl} fileName={name} compact />
      </Stack>
    );
  }
  const kind = fileKind(message.attachmentType);
  const Icon = FILE_ICONS[kind];
  return (
    <Paper radius="md" p={8} bg="gray.0" c="dark" withBorder miw={0} w={{ base: 220, xs: 280 }} maw="100%">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={38} radius="md" variant="light" color={FILE_COLORS[kind]} aria-hidden="true">
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} truncate title={name}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`chat.message.kinds.${kind}`)}
          </Text>
        </Stack>
        <DownloadButton url={message.attachmentUrl} fileName={name} />
      </Group>
    </Paper>
  );
}

function DownloadButton({ url, fileName, compact = false }: { url: string; fileName: string; compact?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(url, fileName);
      notifications.show({ color: 'teal', message: serverText(CHAT_MESSAGES.downloaded), autoClose: DOWNLOAD_TOAST_MS });
    } catch {
      notifications.show({ color: 'red', message: serverText(CHAT_MESSAGES.downloadFailed), autoClose: DOWNLOAD_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };
  const label = t('chat.message.downloadNamed', { name: fileName });
  return (
    <LazyTooltip label={t('chat.message.download')} withArrow openDelay={300}>
      <ActionIcon variant={compact ? 'white' : 'light'} size={compact ? 'md' : 'lg'} radius="xl" loading={busy} onClick={() => void run()} aria-label={label}>
        <IconDownload size={compact ? 16 : 18} />
      </ActionIcon>
    </LazyTooltip>
  );
}
