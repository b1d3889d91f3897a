import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name (the placeholder alone is not one). */
  label: string;
  placeholder: string;
}

export function SearchField({ value, onChange, label, placeholder }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={100}
      size="md"
      radius="xl"
      flex={1}
      miw={{ base: '100%', xs: 240 }}
      leftSection={<IconSearch size={18} aria-hidden="true" />}
      rightSection={value ? <CloseButton size="sm" radius="xl" aria-label={t('discover.search.clear')} onClick={() => onChange('')} /> : null}
    />
  );
}
