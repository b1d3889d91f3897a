import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface PageNavProps {
  /** The pages before and after this one (a lesson's id or a module page's key), if any. */
  previous: string | null;
  next: string | null;
  onSelect: (page: string) => void;
}

/** Previous and next, through the course in reading order. */
export function PageNav({ previous, next, onSelect }: PageNavProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconArrowLeft className="mirror-rtl" size={16} />} disabled={!previous} onClick={() => previous && onSelect(previous)}>
        {t('courses.view.previous')}
      </Button>
      <Button variant="default" rightSection={<IconArrowRight className="mirror-rtl" size={16} />} disabled={!next} onClick={() => next && onSelect(next)}>
        {t('courses.view.next')}
      </Button>
    </Group>
  );
}
