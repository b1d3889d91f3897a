import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createCourseInput, type CreateCourseInput } from '@app/shared/courses';
import { COURSE_MESSAGES } from '@app/shared/plain/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText, withServerText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { CourseFields, courseFieldsInput, type CourseFieldValues } from './CourseFields.tsx';

interface CourseValues extends CourseFieldValues {
  visibleToMembers: boolean;
}

const toInput = (communityId: string, v: CourseValues): CreateCourseInput => ({ communityId, ...courseFieldsInput(v), visibleToMembers: v.visibleToMembers });

const validateInput = withServerText(schemaResolver(createCourseInput, { sync: true }));

/** The owner's course creation form, in a modal: private unless 'Allow members to view this course immediately' is checked. */
export function CreateCourseForm({ communityId, onClose }: { communityId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CourseValues>({
    mode: 'controlled',
    initialValues: { title: '', description: '', media: 'cover', coverKey: null, introVideoUrl: '', visibleToMembers: false },
    validate: (values) => {
      const errors: FormErrors = { ...validateInput(toInput(communityId, values)) };
      delete errors.communityId;
      return errors;
    },
  });
  const create = useMutation(
    trpc.courses.create.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: t('courses.created') });
        await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
        onClose();
      },
      onError: (error) => {
        if (!isRateLimited(error)) setFailure(COURSE_MESSAGES.createFailed(error.message));
      },
    }),
  );
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened onClose={create.isPending ? () => {} : onClose} title={<Text fw={700}>{t('courses.form.title')}</Text>} size="lg" radius="lg" centered>
      <form
        noValidate
        aria-label={t('courses.form.title')}
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          create.mutate(toInput(communityId, values));
        })}
      >
        <Stack gap="md">
          <CourseFields form={form} onBusyChange={setUploading} />
          <Checkbox label={t('courses.form.visible')} {...form.getInputProps('visibleToMembers', { type: 'checkbox' })} />
          {failure && (
            <Alert color="red" role="alert">
              {serverText(failure)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('courses.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={uploading}>
              {t('courses.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
