import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../lib/uploads.ts';
import { CommunityLogo } from './CommunityLogo.tsx';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface LogoFieldProps {
  name: string;
  value: string;
  onChange: (url: string) => void;
  /** The form's validation message for the logo, if any. */
  error?: React.ReactNode;
}

/** The community logo: uploaded at once (community-logo), previewed, saved with the form. */
export function LogoField({ name, value, onChange, error }: LogoFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function upload(file: File | null) {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const { url } = await uploadFile('community-logo', file);
      onChange(url);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : '');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required>
        {t('communityPage.edit.logo')}
      </Input.Label>
      <Group gap="lg" wrap="nowrap" align="center">
        <CommunityLogo name={name || '?'} logoUrl={value || null} size={80} alt={t('communityPage.edit.logoPreview')} />
        <Stack gap={6}>
          <FileButton onChange={upload} accept={IMAGE_TYPES}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={busy} style={{ alignSelf: 'flex-start' }}>
                {t('communityPage.edit.uploadLogo')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('communityPage.edit.logoHint')}
          </Text>
        </Stack>
      </Group>
      {failure !== null && (
        <Text size="sm" c="red" role="alert">
          {t('communityPage.edit.logoFailed')}
          {failure && (
            <Text span size="xs" c="dimmed" display="block">
              {failure}
            </Text>
          )}
        </Text>
      )}
      {error && failure === null && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
