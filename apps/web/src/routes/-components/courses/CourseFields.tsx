import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { COURSE_LIMITS, COURSE_MESSAGES } from '@app/shared/plain/courses';
import { toEmbedUrl } from '@app/shared/video';
import { useTranslation } from 'react-i18next';
import { CoverField } from '../../../components/CoverField.tsx';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { serverText } from '../../../i18n/server-text.ts';

export type CourseMedia = 'cover' | 'video';

/** The fields a course is created and edited with. */
export interface CourseFieldValues {
  title: string;
  description: string;
  media: CourseMedia;
  coverKey: string | null;
  introVideoUrl: string;
}

/** What the fields send: only the chosen kind of media. */
export const courseFieldsInput = (v: CourseFieldValues) => ({
  title: v.title,
  description: v.description,
  coverKey: v.media === 'cover' ? v.coverKey : null,
  introVideoUrl: v.media === 'video' ? v.introVideoUrl : null,
});

interface CourseFieldsProps<V extends CourseFieldValues> {
  form: UseFormReturnType<V>;
  /** The cover already there (its checked route), when editing. */
  coverUrl?: string | null;
  onBusyChange: (busy: boolean) => void;
}

/**
 * Title, description and the media choice (Cover Image or Intro Video, where choosing one clears the
 * other), with the cover uploaded at once and the video previewed: the creation form's and the
 * editor's 'Course Details'.
 */
export function CourseFields<V extends CourseFieldValues>({ form, coverUrl = null, onBusyChange }: CourseFieldsProps<V>) {
  const { t } = useTranslation();
  // The form's own fields, typed for the values every course form has.
  const fields = form as unknown as UseFormReturnType<CourseFieldValues>;
  const values = fields.getValues();
  const chooseMedia = (media: CourseMedia) => {
    fields.setFieldValue('media', media);
    if (media === 'video') fields.setFieldValue('coverKey', null);
    else fields.setFieldValue('introVideoUrl', '');
  };
  const video = values.media === 'video' ? toEmbedUrl(values.introVideoUrl) : null;
  return (
    <>
      <TextInput label={t('courses.form.name')} required maxLength={COURSE_LIMITS.titleMax} {...fields.getInputProps('title')} />
      <Textarea label={t('courses.form.description')} required autosize minRows={3} maxRows={8} maxLength={COURSE_LIMITS.descriptionMax} {...fields.getInputProps('description')} />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('courses.form.media')}
        </Text>
        <SegmentedControl
          value={values.media}
          onChange={(value) => chooseMedia(value as CourseMedia)}
          data={[
            { value: 'cover', label: t('courses.form.cover') },
            { value: 'video', label: t('courses.form.video') },
          ]}
          aria-label={t('courses.form.media')}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {values.media === 'cover' ? (
        <CoverField
          kind="course-cover"
          initialUrl={coverUrl}
          texts={{
            preview: t('courses.form.coverPreview'),
            remove: t('courses.form.removeCover'),
            upload: t('courses.form.uploadCover'),
            replace: t('courses.form.replaceCover'),
          }}
          failure={() => serverText(COURSE_MESSAGES.coverUploadFailed)}
          onChange={(key) => {
            fields.setFieldValue('coverKey', key);
            if (key) notifications.show({ color: 'teal', message: serverText(COURSE_MESSAGES.coverUploaded) });
          }}
          onBusyChange={onBusyChange}
        />
      ) : (
        <Stack gap="xs">
          <TextInput label={t('courses.form.videoUrl')} placeholder="https://www.youtube.com/watch?v=…" {...fields.getInputProps('introVideoUrl')} />
          {video && <VideoEmbed src={video} title={t('courses.form.videoPreview')} />}
        </Stack>
      )}
    </>
  );
}
