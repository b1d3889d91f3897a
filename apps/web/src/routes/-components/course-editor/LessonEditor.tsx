import { Anchor, Button, CloseButton, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateLessonInput, type UpdateLessonInput } from '@app/shared/courses';
import { CONTENT_MESSAGES } from '@app/shared/plain/courses';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText, withServerText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { contentLoadError, type CourseLesson } from '../courses/types.ts';
import { ContentFields, type ContentValues } from './ContentFields.tsx';
import { EditorPane, PaneState } from './EditorPane.tsx';
import { COURSE_FILE_ACCEPT, uploadCourseFile, type EditorFile } from './files.ts';
import { useReadyToEdit, useSavedValues } from './useSavedValues.ts';

interface LessonValues extends ContentValues {
  /** The lesson's resource ('Download Resource'), or null. */
  resource: EditorFile | null;
}

const toInput = (lessonId: string, v: LessonValues): UpdateLessonInput => ({
  lessonId,
  title: v.title,
  content: v.content || null,
  videoUrl: v.videoUrl || null,
  fileKey: v.resource?.key ?? null,
});
const validateInput = withServerText(schemaResolver(updateLessonInput, { sync: true }));

interface LessonEditorProps {
  lessonId: string;
  onDirtyChange: (dirty: boolean) => void;
}

/** A lesson in the same editor: title, rich text, video with a preview, its resource, and 'Save Changes'. */
export function LessonEditor({ lessonId, onDirtyChange }: LessonEditorProps) {
  const trpc = useTRPC();
  const lesson = useQuery(trpc.courses.lesson.queryOptions({ lessonId }));
  const ready = useReadyToEdit(lesson, lessonId);
  if (lesson.isError) return <PaneState error={contentLoadError(lesson.error)} />;
  if (!ready || !lesson.data) return <PaneState />;
  return <LessonForm key={lessonId} lesson={lesson.data} onDirtyChange={onDirtyChange} />;
}

function LessonForm({ lesson, onDirtyChange }: { lesson: CourseLesson; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [initial] = useState<LessonValues>(() => ({
    title: lesson.title,
    content: lesson.content ?? '',
    videoUrl: lesson.videoUrl ?? '',
    resource: lesson.fileKey && lesson.fileUrl ? { key: lesson.fileKey, url: lesson.fileUrl } : null,
  }));
  const form = useForm<LessonValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const errors: FormErrors = { ...validateInput(toInput(lesson.id, values)) };
      delete errors.lessonId;
      return errors;
    },
  });
  const server = useSavedValues(form, initial);
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const saved = async () => {
    server.sent();
    await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
  };
  const save = useMutation(
    trpc.courses.updateLesson.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: t('courseEditor.lessonSaved') });
        await saved();
      },
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', title: t('courseEditor.lessonSaveFailed'), message: serverText(error.message) });
      },
    }),
  );
  // An uploaded resource is kept with the lesson at once (with what the server held, not the unsaved edits).
  const saveResource = useMutation(trpc.courses.updateLesson.mutationOptions({ onSuccess: saved }));
  async function pick(file: File | null) {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadCourseFile(file);
      const resource = { key: uploaded.key, url: uploaded.url, name: uploaded.name };
      form.setFieldValue('resource', resource);
      await saveResource.mutateAsync(toInput(lesson.id, server.sending({ ...server.current(), resource })));
      notifications.show({ color: 'teal', message: serverText(CONTENT_MESSAGES.fileUploaded) });
    } catch (error) {
      notifications.show({ color: 'red', title: serverText(CONTENT_MESSAGES.fileUploadFailed), message: error instanceof Error ? serverText(error.message) : '' });
    } finally {
      setUploading(false);
    }
  }
  const resource = form.getValues().resource;

  return (
    <EditorPane
      kind={t('courseEditor.lesson')}
      label={t('courseEditor.lessonForm', { title: lesson.title })}
      dirty={dirty}
      saving={save.isPending}
      busy={uploading}
      onSubmit={form.onSubmit((v) => save.mutate(toInput(lesson.id, server.sending(v))))}
    >
      <ContentFields form={form} initialContent={lesson.content} />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('courseEditor.resource')}
        </Text>
        {resource ? (
          <Paper withBorder radius="md" px="sm" py={6}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor href={resource.url} target="_blank" rel="noopener" size="sm" fw={600}>
                <Group gap={6} wrap="nowrap">
                  <IconDownload size={16} aria-hidden="true" />
                  {resource.name ?? t('courses.view.download')}
                </Group>
              </Anchor>
              <CloseButton aria-label={t('courseEditor.removeResource')} onClick={() => form.setFieldValue('resource', null)} />
            </Group>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            {t('courseEditor.noResource')}
          </Text>
        )}
        <FileButton accept={COURSE_FILE_ACCEPT} onChange={(file) => void pick(file)}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />} loading={uploading} style={{ alignSelf: 'flex-start' }}>
              {resource ? t('courseEditor.replaceResource') : t('courseEditor.uploadResource')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </EditorPane>
  );
}
