import { Stack, TextInput } from '@mantine/core';
import { COMMUNITY_LIMITS } from '@app/shared/plain/communities';
import { useTranslation } from 'react-i18next';
import { DescriptionField, RulesField, VideoUrlField } from '../../../-components/community-form/CommunityFields.tsx';
import type { WizardForm } from './form.ts';

/** 'Step 2 of 2: Optional Details': description, video (previewed when embeddable), rules and partner. */
export function OptionalDetailsStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <DescriptionField placeholder={t('create.descriptionPlaceholder')} {...form.getInputProps('description')} />
      <VideoUrlField label={t('create.videoUrl')} description={t('create.videoUrlHelp')} withPreview {...form.getInputProps('videoUrl')} />
      <RulesField placeholder={t('create.rulesPlaceholder')} {...form.getInputProps('rules')} />
      <TextInput
        label={t('create.partner')}
        description={t('create.partnerHelp')}
        maxLength={COMMUNITY_LIMITS.partnerMax}
        {...form.getInputProps('partner')}
      />
    </Stack>
  );
}
