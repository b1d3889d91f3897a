import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateCourseInput, type UpdateCourseInput } from '@app/shared/courses';
import { COURSE_MESSAGES } from '@app/shared/plain/courses';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText, withServerText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { CourseFields, courseFieldsInput, type CourseFieldValues } from '../courses/CourseFields.tsx';
import type { CourseView } from '../courses/types.ts';

interface DetailsValues extends CourseFieldValues {
  isPrivate: boolean;
}

const toInput = (courseId: string, v: DetailsValues): UpdateCourseInput => ({ courseId, ...courseFieldsInput(v), isPrivate: v.isPrivate });
const validateInput = withServerText(schemaResolver(updateCourseInput, { sync: true }));

/** 'Course Details': the course's title, description, media and the visibility switch. */
export function CourseDetailsForm({ course }: { course: CourseView }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: {
      title: course.title,
      description: course.description,
      media: course.introVideoUrl ? 'video' : 'cover',
      coverKey: course.coverKey,
      introVideoUrl: course.introVideoUrl ?? '',
      isPrivate: course.isPrivate,
    },
    validate: (values) => {
      const errors: FormErrors = { ...validateInput(toInput(course.id, values)) };
      delete errors.courseId;
      return errors;
    },
  });
  const save = useMutation(
    trpc.courses.update.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: serverText(COURSE_MESSAGES.updated) });
        form.resetDirty();
        await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
      },
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', title: serverText(COURSE_MESSAGES.saveFailed), message: serverText(error.message) });
      },
    }),
  );
  const isPrivate = form.getValues().isPrivate;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form noValidate aria-label={t('courseEditor.tabs.details')} onSubmit={form.onSubmit((values) => save.mutate(toInput(course.id, values)))}>
        <Stack gap="md">
          <CourseFields form={form} coverUrl={course.coverUrl} onBusyChange={setUploading} />
          <Paper withBorder radius="md" p="md" bg={isPrivate ? undefined : 'var(--mantine-color-teal-light)'}>
            <Switch
              size="md"
              checked={!isPrivate}
              onChange={(event) => form.setFieldValue('isPrivate', !event.currentTarget.checked)}
              label={isPrivate ? t('courseEditor.private') : t('courseEditor.visible')}
              description={isPrivate ? t('courseEditor.privateHint') : t('courseEditor.visibleHint')}
            />
          </Paper>
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {form.isDirty() ? t('courseEditor.unsaved') : ''}
            </Text>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={uploading}>
              {t('courseEditor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
