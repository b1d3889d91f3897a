import { Box, Button, Center, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, useUpload } from '../../../../lib/uploads.ts';

interface LogoInputProps {
  value: string;
  onChange: (url: string) => void;
  error: ReactNode;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The community logo: uploaded as soon as it is chosen (the server checks, resizes and stores it as
 * WebP) and previewed at once; the form sends the returned URL.
 */
export function LogoInput({ value, onChange, error, onBusyChange }: LogoInputProps) {
  const { t } = useTranslation();
  const { busy, error: uploadError, pick: upload } = useUpload('community-logo', ({ url }) => onChange(url), { fallback: t('create.logo.failed'), onBusyChange });

  return (
    <Input.Wrapper label={t('create.logo.label')} description={t('create.logo.help')} error={uploadError ?? error} labelElement="div" withAsterisk>
      <Group gap="lg" wrap="nowrap" mt={6} mb={4}>
        <Box
          w={96}
          h={96}
          style={{
            flexShrink: 0,
            borderRadius: 'var(--mantine-radius-lg)',
            border: `1px ${value ? 'solid' : 'dashed'} var(--mantine-color-${error || uploadError ? 'red-5' : 'gray-4'})`,
            overflow: 'hidden',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          {value ? (
            <Image src={value} alt={t('create.logo.preview')} w={96} h={96} fit="cover" />
          ) : (
            <Center h="100%" c="gray.5">
              <Stack gap={2} align="center">
                <IconPhoto size={28} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('create.logo.empty')}
                </Text>
              </Stack>
            </Center>
          )}
        </Box>
        <Group gap="xs">
          <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={busy} loaderProps={{ type: 'dots' }}>
                {value ? t('create.logo.change') : t('create.logo.upload')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={() => onChange('')} disabled={busy}>
              {t('create.logo.remove')}
            </Button>
          )}
        </Group>
      </Group>
    </Input.Wrapper>
  );
}
