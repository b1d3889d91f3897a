import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../lib/uploads.ts';
import { UserAvatar } from './UserAvatar.tsx';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface AvatarUploaderProps {
  username: string;
  value: string | null;
  onChange: (url: string | null) => void;
}

/** The 96px avatar uploader: images only; the new picture previews at once and is saved with the form. */
export function AvatarUploader({ username, value, onChange }: AvatarUploaderProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | null) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await uploadFile('avatar', file);
      onChange(url);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('settings.avatar.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <UserAvatar username={username} avatarUrl={value} size={96} radius={96} alt={t('settings.avatar.preview')} />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={upload} accept={IMAGE_TYPES}>
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
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
