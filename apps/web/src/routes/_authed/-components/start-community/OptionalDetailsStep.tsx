import { Box, Stack, Textarea, TextInput } from '@mantine/core';
import { COMMUNITY_LIMITS } from '@app/shared/community';
import { toEmbedUrl } from '@app/shared/video';
import { useTranslation } from 'react-i18next';
import type { WizardForm } from './form.ts';
import { VideoEmbed } from '../../../../components/VideoEmbed.tsx';

/** 'Step 2 of 2: Optional Details': description, video (previewed when embeddable), rules and partner. */
export function OptionalDetailsStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation();
  const embed = toEmbedUrl(form.values.videoUrl);
  return (
    <Stack gap="md">
      <Textarea
        label={t('create.description')}
        placeholder={t('create.descriptionPlaceholder')}
        autosize
        minRows={4}
        maxRows={10}
        maxLength={COMMUNITY_LIMITS.descriptionMax}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t('create.videoUrl')}
        description={t('create.videoUrlHelp')}
        placeholder="https://www.youtube.com/watch?v=…"
        type="url"
        inputMode="url"
        {...form.getInputProps('videoUrl')}
      />
      {embed && (
        <Box maw={480} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
          <VideoEmbed src={embed} title={t('create.videoPreview')} />
        </Box>
      )}
      <Textarea
        label={t('create.rules')}
        placeholder={t('create.rulesPlaceholder')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={COMMUNITY_LIMITS.rulesMax}
        {...form.getInputProps('rules')}
      />
      <TextInput
        label={t('create.partner')}
        description={t('create.partnerHelp')}
        maxLength={COMMUNITY_LIMITS.partnerMax}
        {...form.getInputProps('partner')}
      />
    </Stack>
  );
}
