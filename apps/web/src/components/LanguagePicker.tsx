import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';
import { currentLanguage, isLanguage } from '../i18n/locale.ts';

/** Each language named in itself, so a person who reads only one finds it. */
const CHOICES = [
  { value: 'en', label: <span lang="en">English</span> },
  { value: 'ar', label: <span lang="ar">العربية</span> },
];

/** Switches the interface between English and Arabic; the choice is remembered in this browser. */
export function LanguagePicker(props: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('language.label')}
      radius="xl"
      {...props}
      data={CHOICES}
      value={currentLanguage()}
      onChange={(value) => isLanguage(value) && void changeLanguage(value)}
    />
  );
}
