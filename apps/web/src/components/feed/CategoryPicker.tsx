import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { useFeed } from './FeedContext.tsx';

interface CategoryPickerProps {
  value: string | null;
  onChange: (categoryId: string | null) => void;
  disabled?: boolean;
}

const NONE = 'none';

/** The post's category, one of the community's (issue 24); nothing shows while the community has none. */
export function CategoryPicker({ value, onChange, disabled }: CategoryPickerProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { communityId } = useFeed();
  const categories = useQuery(trpc.posts.categories.queryOptions({ communityId }));
  if (!categories.data?.length) return null;
  const known = value && categories.data.some((c) => c.id === value) ? value : NONE;
  return (
    <Select
      aria-label={t('feedViews.category')}
      size="xs"
      radius="md"
      w={170}
      allowDeselect={false}
      // Mounted only while open (Mantine keeps a Select's list mounted and places it as it mounts: a layout in the task that draws the composer).
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      disabled={disabled}
      value={known}
      onChange={(picked) => onChange(!picked || picked === NONE ? null : picked)}
      data={[{ value: NONE, label: t('feedViews.noCategory') }, ...categories.data.map((c) => ({ value: c.id, label: `${c.emoji} ${c.name}` }))]}
    />
  );
}
