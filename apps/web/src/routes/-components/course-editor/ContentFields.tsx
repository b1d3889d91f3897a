import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CONTENT_LIMITS } from '@app/shared/plain/courses';
import { toEmbedUrl } from '@app/shared/video';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { RichTextField } from './RichTextField.tsx';

/** What modules and lessons both have. */
export interface ContentValues {
  title: string;
  content: string;
  videoUrl: string;
}

/** The title, the video URL with a live preview, and the rich text of a module or lesson. */
export function ContentFields<V extends ContentValues>({ form, initialContent }: { form: UseFormReturnType<V>; initialContent: string | null }) {
  const { t } = useTranslation();
  const fields = form as unknown as UseFormReturnType<ContentValues>;
  const video = toEmbedUrl(fields.getValues().videoUrl);
  return (
    <>
      <TextInput label={t('courseEditor.title')} required maxLength={CONTENT_LIMITS.titleMax} {...fields.getInputProps('title')} />
      <RichTextField
        label={t('courseEditor.content')}
        initialValue={initialContent}
        onChange={(html) => fields.setFieldValue('content', html)}
        error={fields.errors.content as string | undefined}
      />
      <Stack gap="xs">
        <TextInput label={t('courseEditor.videoUrl')} placeholder="https://www.youtube.com/watch?v=…" {...fields.getInputProps('videoUrl')} />
        {video && <VideoEmbed src={video} title={t('courseEditor.videoPreview')} maw={560} />}
      </Stack>
    </>
  );
}
