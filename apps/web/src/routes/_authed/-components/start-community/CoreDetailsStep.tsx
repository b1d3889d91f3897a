import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CATEGORIES, LANGUAGES } from '@app/shared/constants';
import { COMMUNITY_LIMITS } from '@app/shared/community';
import { useTranslation } from 'react-i18next';
import { categoryLabel, languageLabel } from '../../../../lib/labels.ts';
import { digitsOnly, type WizardForm } from './form.ts';
import { LogoField, type LogoFieldTexts } from '../../../-components/community-form/LogoField.tsx';

/** 'Step 1 of 2: Core Details': name, logo, category, language, contact email and seats. */
export function CoreDetailsStep({ form, onLogoBusy }: { form: WizardForm; onLogoBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const categories = CATEGORIES.map((c) => {
    const label = categoryLabel(t, c.value);
    return { value: c.value, label: `${c.emoji} ${label?.label ?? c.label}` };
  });
  const languages = LANGUAGES.map((l) => {
    const label = languageLabel(t, l.value);
    return { value: l.value, label: `${l.flag} ${label?.label ?? l.label}` };
  });
  const seats = form.getInputProps('availableSeats');

  return (
    <Stack gap="md">
      <TextInput
        label={t('create.name')}
        placeholder={t('create.namePlaceholder')}
        description={t('create.nameHelp')}
        maxLength={COMMUNITY_LIMITS.nameMax}
        withAsterisk
        {...form.getInputProps('name')}
      />
      <LogoField
        texts={t('create.logo', { returnObjects: true }) as LogoFieldTexts}
        value={form.values.logoUrl}
        error={form.errors.logoUrl}
        onChange={(url) => form.setFieldValue('logoUrl', url)}
        onBusyChange={onLogoBusy}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Select
          label={t('create.category')}
          placeholder={t('create.categoryPlaceholder')}
          data={categories}
          searchable
          withAsterisk
          {...form.getInputProps('category')}
        />
        <Select
          label={t('create.language')}
          placeholder={t('create.languagePlaceholder')}
          data={languages}
          searchable
          withAsterisk
          {...form.getInputProps('language')}
        />
        <TextInput
          label={t('create.contactEmail')}
          description={t('create.contactEmailHelp')}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('contactEmail')}
        />
        <TextInput
          label={t('create.seats')}
          description={t('create.seatsHelp')}
          placeholder={t('create.seatsPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          {...seats}
          onChange={(event) => form.setFieldValue('availableSeats', digitsOnly(event.currentTarget.value))}
        />
      </SimpleGrid>
    </Stack>
  );
}
