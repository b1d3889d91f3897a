import { Box, Select, Textarea, TextInput, type SelectProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import { COMMUNITY_LIMITS } from '@app/shared/plain/communities';
import { toEmbedUrl } from '@app/shared/video';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { categoryOptions, languageOptions } from '../../../lib/labels.ts';

/*
 * The fields the create wizard and the owner's edit form share. Each fixes its input, limits and
 * label (the `communityForm` catalog); a form adds its own help text and placeholders, and its own
 * label where the two differ. Both forms validate with the shared zod schemas.
 */

export function NameField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('communityForm.name')} maxLength={COMMUNITY_LIMITS.nameMax} required {...props} />;
}

export function CategoryField(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  return <Select label={t('communityForm.category')} data={categoryOptions(t)} searchable required {...props} />;
}

export function LanguageField(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  return <Select label={t('communityForm.language')} data={languageOptions(t)} searchable required {...props} />;
}

export function ContactEmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('communityForm.contactEmail')} type="email" autoComplete="email" required {...props} />;
}

/** The member cap as typed: digits only (spec section 5), blank for no cap; see `seatsFromText`. */
export function SeatsField({ onChange, ...props }: Omit<TextInputProps, 'onChange'> & { onChange: (digits: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('communityForm.seats')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={7}
      {...props}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D+/g, ''))}
    />
  );
}

/** What the schemas take for the seats field's text: null (no cap) when blank. */
export const seatsFromText = (text: string) => (text === '' ? null : Number(text));

export function DescriptionField(props: TextareaProps) {
  const { t } = useTranslation();
  return <Textarea label={t('communityForm.description')} autosize minRows={4} maxRows={10} maxLength={COMMUNITY_LIMITS.descriptionMax} {...props} />;
}

export function RulesField(props: TextareaProps) {
  const { t } = useTranslation();
  return <Textarea label={t('communityForm.rules')} autosize minRows={3} maxRows={10} maxLength={COMMUNITY_LIMITS.rulesMax} {...props} />;
}

/** A YouTube or Vimeo link; with `withPreview`, the video plays below it once the link is embeddable. */
export function VideoUrlField({ withPreview = false, ...props }: TextInputProps & { withPreview?: boolean }) {
  const { t } = useTranslation();
  const embed = withPreview && typeof props.value === 'string' ? toEmbedUrl(props.value) : null;
  return (
    <>
      <TextInput label={t('communityForm.videoUrl')} type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" {...props} />
      {embed && (
        <Box maw={480} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
          <VideoEmbed src={embed} title={t('communityForm.videoPreview')} />
        </Box>
      )}
    </>
  );
}
