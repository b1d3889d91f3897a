import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CONTENT_MESSAGES } from '@app/shared/plain/courses';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { CourseFileLinks } from '../courses/CourseFileLinks.tsx';
import { COURSE_FILE_ACCEPT, uploadCourseFile, type EditorFile } from './files.ts';

interface CourseFilesFieldProps {
  documents: EditorFile[];
  images: EditorFile[];
  onChange: (files: ModuleFiles) => void;
  /** After the files picked together are uploaded: keeps them (the lists as shown), before the field stops being busy. */
  onUploaded?: (files: ModuleFiles) => Promise<unknown>;
  onBusyChange: (busy: boolean) => void;
}

type ModuleFiles = { documents: EditorFile[]; images: EditorFile[] };

/**
 * A module's files: upload (.pdf .doc .docx .txt to documents, .jpg .jpeg .png .gif to images),
 * documents as 'View Document N' links and images with 'View Full Size', each removable. They are
 * kept with the module on 'Save Changes'.
 */
export function CourseFilesField({ documents, images, onChange, onUploaded, onBusyChange }: CourseFilesFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function pick(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange(true);
    let next = { documents, images };
    let added = 0;
    for (const file of files) {
      try {
        const uploaded = await uploadCourseFile(file);
        const entry = { key: uploaded.key, url: uploaded.url, name: uploaded.name };
        next = uploaded.image ? { ...next, images: [...next.images, entry] } : { ...next, documents: [...next.documents, entry] };
        onChange(next);
        added += 1;
      } catch (error) {
        notifications.show({ color: 'red', title: serverText(CONTENT_MESSAGES.fileUploadFailed), message: error instanceof Error ? serverText(error.message) : '' });
      }
    }
    try {
      if (added > 0 && onUploaded) await onUploaded(next);
      if (added > 0) notifications.show({ color: 'teal', message: serverText(CONTENT_MESSAGES.fileUploaded) });
    } catch (error) {
      notifications.show({ color: 'red', title: serverText(CONTENT_MESSAGES.fileUploadFailed), message: error instanceof Error ? serverText(error.message) : '' });
    }
    setBusy(false);
    onBusyChange(false);
  }
  const drop = (list: 'documents' | 'images', key: string) =>
    onChange({ documents, images, [list]: (list === 'documents' ? documents : images).filter((file) => file.key !== key) });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          {t('courseEditor.files')}
        </Text>
        <FileButton multiple accept={COURSE_FILE_ACCEPT} onChange={(files) => void pick(files)}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />} loading={busy}>
              {t('courseEditor.uploadFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {documents.length === 0 && images.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('courseEditor.noFiles')}
        </Text>
      )}
      <CourseFileLinks documents={documents} images={images} onRemove={drop} />
    </Stack>
  );
}
