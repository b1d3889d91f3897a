import { Button, CloseButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { IMAGE_ACCEPT, useUpload } from '../lib/uploads.ts';

export interface CoverFieldTexts {
  label?: string;
  preview: string;
  remove: string;
  upload: string;
  replace: string;
}

interface CoverFieldProps {
  /** The upload kind (a private bucket: the preview is the picked file itself). */
  kind: 'event-cover' | 'course-cover';
  /** The cover already there (its checked route), if any. */
  initialUrl?: string | null;
  texts: CoverFieldTexts;
  /** The error shown when the upload fails, from the server's message. */
  failure: (message: string) => string;
  /** The uploaded file's key, or null when the cover is removed. */
  onChange: (key: string | null) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** A cover image picker for a form: uploads the picked image at once and previews it, with a way to remove it. */
export function CoverField({ kind, initialUrl = null, texts, failure, onChange, onBusyChange }: CoverFieldProps) {
  const [preview, setPreview] = useState<string | null>(initialUrl);
  const upload = useUpload(kind, ({ key }) => onChange(key), { onBusyChange });
  return (
    <Stack gap={6}>
      {texts.label && (
        <Text size="sm" fw={500}>
          {texts.label}
        </Text>
      )}
      {preview && (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Image src={preview} alt={texts.preview} radius="md" h={96} w={170} fit="cover" />
          <CloseButton
            aria-label={texts.remove}
            onClick={() => {
              setPreview(null);
              onChange(null);
            }}
          />
        </Group>
      )}
      <FileButton
        accept={IMAGE_ACCEPT}
        onChange={(file) => {
          if (!file) return;
          setPreview(URL.createObjectURL(file));
          void upload.pick(file);
        }}
      >
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconPhoto size={16} />} loading={upload.busy} style={{ alignSelf: 'flex-start' }}>
            {preview ? texts.replace : texts.upload}
          </Button>
        )}
      </FileButton>
      {upload.error !== null && (
        <Text size="sm" c="red" role="alert">
          {failure(upload.error)}
        </Text>
      )}
    </Stack>
  );
}
