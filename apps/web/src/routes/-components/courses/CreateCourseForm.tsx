import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { COURSE_LIMITS, COURSE_MESSAGES, createCourseInput, type CreateCourseInput } from '@app/shared/courses';
import { toEmbedUrl } from '@app/shared/video';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverField } from '../../../components/CoverField.tsx';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';

type Media = 'cover' | 'video';

interface CourseValues {
  title: string;
  description: string;
  media: Media;
  coverKey: string | null;
  introVideoUrl: string;
  visibleToMembers: boolean;
}

const toInput = (communityId: string, v: CourseValues): CreateCourseInput => ({
  communityId,
  title: v.title,
  description: v.description,
  coverKey: v.media === 'cover' ? v.coverKey : null,
  introVideoUrl: v.media === 'video' ? v.introVideoUrl : null,
  visibleToMembers: v.visibleToMembers,
});

const validateInput = schemaResolver(createCourseInput, { sync: true });

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
  // Choosing one kind of media clears the other.
  const chooseMedia = (media: Media) => {
    form.setFieldValue('media', media);
    if (media === 'video') {
      form.setFieldValue('coverKey', null);
    } else {
      form.setFieldValue('introVideoUrl', '');
    }
  };
  const video = form.values.media === 'video' ? toEmbedUrl(form.values.introVideoUrl) : null;

  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} title={<Text fw={700}>{t('courses.form.title')}</Text>} size="lg" radius="lg" centered>
      <form
        noValidate
        aria-label={t('courses.form.title')}
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          create.mutate(toInput(communityId, values));
        })}
      >
        <Stack gap="md">
          <TextInput label={t('courses.form.name')} required maxLength={COURSE_LIMITS.titleMax} {...form.getInputProps('title')} />
          <Textarea label={t('courses.form.description')} required autosize minRows={3} maxRows={8} maxLength={COURSE_LIMITS.descriptionMax} {...form.getInputProps('description')} />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('courses.form.media')}
            </Text>
            <SegmentedControl
              value={form.values.media}
              onChange={(value) => chooseMedia(value as Media)}
              data={[
                { value: 'cover', label: t('courses.form.cover') },
                { value: 'video', label: t('courses.form.video') },
              ]}
              aria-label={t('courses.form.media')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {form.values.media === 'cover' ? (
            <CoverField
              kind="course-cover"
              texts={{
                preview: t('courses.form.coverPreview'),
                remove: t('courses.form.removeCover'),
                upload: t('courses.form.uploadCover'),
                replace: t('courses.form.uploadCover'),
              }}
              failure={() => COURSE_MESSAGES.coverUploadFailed}
              onChange={(key) => form.setFieldValue('coverKey', key)}
              onBusyChange={setUploading}
            />
          ) : (
            <Stack gap="xs">
              <TextInput label={t('courses.form.videoUrl')} placeholder="https://www.youtube.com/watch?v=…" {...form.getInputProps('introVideoUrl')} />
              {video && <VideoEmbed src={video} title={t('courses.form.videoPreview')} />}
            </Stack>
          )}
          <Checkbox label={t('courses.form.visible')} {...form.getInputProps('visibleToMembers', { type: 'checkbox' })} />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
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
