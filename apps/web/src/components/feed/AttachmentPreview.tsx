import { Alert, CloseButton, Group, Image, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { FILE_COLORS, FILE_ICONS, pickedFileKind } from '../../lib/files.ts';
import { formatSize } from '../../lib/format.ts';
import type { Attachment } from './useAttachmentUpload.ts';

interface AttachmentPreviewProps {
  attachment: Attachment;
  onRemove: () => void;
  /** The failed upload's title (by default the post composer's, which the spec gives in Arabic). */
  failedTitle?: ReactNode;
}

/** The composer's picked file: a thumbnail or a file icon, its name and size, the upload's progress or failure. */
export function AttachmentPreview({ attachment, onRemove, failedTitle }: AttachmentPreviewProps) {
  const { t } = useTranslation();
  const { file } = attachment;
  const kind = pickedFileKind(file);
  const Icon = FILE_ICONS[kind];

  if (attachment.status === 'failed') {
    return (
      <Alert
        color="red"
        role="alert"
        radius="md"
        p="sm"
        title={failedTitle ?? t('feed.composer.uploadFailed')}
        withCloseButton
        closeButtonLabel={t('feed.composer.removeAttachment')}
        onClose={onRemove}
      >
        <Text size="sm">{serverText(attachment.message)}</Text>
        <Text size="xs" c="dimmed" truncate>
          {file.name}
        </Text>
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="md" p="xs" bg="gray.0">
      <Group gap="sm" wrap="nowrap">
        {attachment.preview ? (
          <Image src={attachment.preview} alt="" w={56} h={56} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
        ) : (
          <ThemeIcon size={56} radius="sm" variant="light" color={FILE_COLORS[kind]} aria-hidden="true">
            <Icon size={28} />
          </ThemeIcon>
        )}
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} truncate title={file.name}>
            {file.name}
          </Text>
          {attachment.status === 'uploading' ? (
            <Group gap={6} role="status">
              <Loader size={12} />
              <Text size="xs" c="dimmed">
                {t('feed.composer.uploading')}
              </Text>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {formatSize(file.size)}
            </Text>
          )}
        </Stack>
        <CloseButton onClick={onRemove} aria-label={t('feed.composer.removeAttachment')} />
      </Group>
    </Paper>
  );
}
