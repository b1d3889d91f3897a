import { Box, Button, Center, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { serverText } from '../../../i18n/server-text.ts';
import { IMAGE_ACCEPT, useUpload } from '../../../lib/uploads.ts';

/** A form's own texts for its logo field: its catalog's `logo` group. */
export interface LogoFieldTexts {
  label: string;
  help: string;
  upload: string;
  /** The upload button's text once there is a logo; `upload` when not given. */
  change?: string;
  /** When given, a button that clears the logo. */
  remove?: string;
  preview: string;
  empty: string;
  failed: string;
}

interface LogoFieldProps {
  texts: LogoFieldTexts;
  value: string;
  onChange: (url: string) => void;
  /** The form's validation message for the logo, if any. */
  error?: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The community logo of the create wizard and the edit form: uploaded as soon as it is chosen (the
 * server checks, resizes and stores it as WebP) and previewed at once; the form sends the returned URL.
 */
export function LogoField({ texts, value, onChange, error, onBusyChange }: LogoFieldProps) {
  const id = useId();
  const { busy, error: failure, pick: upload } = useUpload('community-logo', ({ url }) => onChange(url), { onBusyChange });
  const failed = failure !== null;

  return (
    <Input.Wrapper
      id={id}
      role="group"
      aria-labelledby={`${id}-label`}
      label={texts.label}
      description={texts.help}
      error={failed ? <UploadFailure title={texts.failed} detail={failure && serverText(failure)} /> : error}
      errorProps={failed ? { role: 'alert' } : undefined}
      labelElement="div"
      required
    >
      <Group gap="lg" wrap="nowrap" mt={6} mb={4}>
        <Box
          w={96}
          h={96}
          style={{
            flexShrink: 0,
            borderRadius: 'var(--mantine-radius-lg)',
            border: `1px ${value ? 'solid' : 'dashed'} var(--mantine-color-${error || failed ? 'red-5' : 'gray-4'})`,
            overflow: 'hidden',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          {value ? (
            <Image src={value} alt={texts.preview} w={96} h={96} fit="cover" />
          ) : (
            <Center h="100%" c="gray.5">
              <Stack gap={2} align="center">
                <IconPhoto size={28} aria-hidden />
                <Text size="xs" c="dimmed">
                  {texts.empty}
                </Text>
              </Stack>
            </Center>
          )}
        </Box>
        <Group gap="xs">
          <FileButton onChange={upload} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={busy} loaderProps={{ type: 'dots' }}>
                {value ? (texts.change ?? texts.upload) : texts.upload}
              </Button>
            )}
          </FileButton>
          {value && texts.remove && (
            <Button variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={() => onChange('')} disabled={busy}>
              {texts.remove}
            </Button>
          )}
        </Group>
      </Group>
    </Input.Wrapper>
  );
}

/** What failed, and the server's reason when it gave one. */
function UploadFailure({ title, detail }: { title: string; detail: string }) {
  return (
    <>
      {title}
      {detail && (
        <Text span size="xs" c="dimmed" display="block">
          {detail}
        </Text>
      )}
    </>
  );
}
