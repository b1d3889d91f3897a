import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, useUpload } from '../../../lib/uploads.ts';
import { CommunityLogo } from './CommunityLogo.tsx';

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
  const { busy, error: failure, pick: upload } = useUpload('community-logo', ({ url }) => onChange(url));

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required>
        {t('communityPage.edit.logo')}
      </Input.Label>
      <Group gap="lg" wrap="nowrap" align="center">
        <CommunityLogo name={name || '?'} logoUrl={value || null} size={80} alt={t('communityPage.edit.logoPreview')} />
        <Stack gap={6}>
          <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
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
