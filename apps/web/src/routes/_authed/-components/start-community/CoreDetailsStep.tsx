import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CategoryField, ContactEmailField, LanguageField, NameField, SeatsField } from '../../../-components/community-form/CommunityFields.tsx';
import { LogoField, type LogoFieldTexts } from '../../../-components/community-form/LogoField.tsx';
import type { WizardForm } from './form.ts';

/** 'Step 1 of 2: Core Details': name, logo, category, language, contact email and seats. */
export function CoreDetailsStep({ form, onLogoBusy }: { form: WizardForm; onLogoBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <NameField placeholder={t('create.namePlaceholder')} description={t('create.nameHelp')} {...form.getInputProps('name')} />
      <LogoField
        texts={t('create.logo', { returnObjects: true }) as LogoFieldTexts}
        value={form.values.logoUrl}
        error={form.errors.logoUrl}
        onChange={(url) => form.setFieldValue('logoUrl', url)}
        onBusyChange={onLogoBusy}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <CategoryField placeholder={t('create.categoryPlaceholder')} {...form.getInputProps('category')} />
        <LanguageField placeholder={t('create.languagePlaceholder')} {...form.getInputProps('language')} />
        <ContactEmailField description={t('create.contactEmailHelp')} {...form.getInputProps('contactEmail')} />
        <SeatsField description={t('create.seatsHelp')} placeholder={t('create.seatsPlaceholder')} {...form.getInputProps('availableSeats')} />
      </SimpleGrid>
    </Stack>
  );
}
