import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../i18n/server-text.ts';
import { IMAGE_ACCEPT, useUpload } from '../lib/uploads.ts';
import { UserAvatar } from './UserAvatar.tsx';

interface AvatarUploaderProps {
  username: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

/** The 96px avatar uploader: images only; the new picture previews at once and is saved with the form. */
export function AvatarUploader({ username, value, onChange }: AvatarUploaderProps) {
  const { t } = useTranslation();
  const { busy, error, pick: upload } = useUpload('avatar', ({ url }) => onChange(url), { fallback: t('settings.avatar.failed') });

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <UserAvatar username={username} avatarUrl={value} size={96} radius={96} alt={t('settings.avatar.preview')} />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={busy}>
                {t('settings.avatar.upload')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)} disabled={busy}>
              {t('settings.avatar.remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('settings.avatar.hint')}
        </Text>
        {error && (
          <Text size="xs" c="red" role="alert">
            {serverText(error)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
