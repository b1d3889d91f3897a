import { Chip, Group, Scroller } from '@mantine/core';
import { CATEGORIES, type Category } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';

const ALL = 'all';

interface CategoryChipsProps {
  /** The chosen category, or null for All. */
  value: Category | null;
  onChange: (value: Category | null) => void;
}

/** Single-select category chips, 'All' first; choosing 'All' clears the filter (spec section 4). */
export function CategoryChips({ value, onChange }: CategoryChipsProps) {
  const { t } = useTranslation();
  return (
    <Scroller
      controlSize={32}
      edgeGradientColor="var(--mantine-color-gray-0)"
      startControlProps={{ 'aria-label': t('discover.filters.scrollBack') }}
      endControlProps={{ 'aria-label': t('discover.filters.scrollForward') }}
    >
      <Chip.Group value={value ?? ALL} onChange={(next) => onChange(next === ALL ? null : (next as Category))}>
        <Group gap={8} wrap="nowrap" py={4} role="radiogroup" aria-label={t('discover.filters.category')}>
          <Chip value={ALL} variant="light" radius="xl">
            {t('discover.filters.all')}
          </Chip>
          {CATEGORIES.map((category) => (
            <Chip key={category.value} value={category.value} variant="light" radius="xl">
              <span aria-hidden="true">{category.emoji}</span> {t(`discover.categories.${category.value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Scroller>
  );
}
