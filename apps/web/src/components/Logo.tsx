import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <UnstyledButton renderRoot={(props) => <Link to="/" {...props} />} aria-label={t('nav.home')}>
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={30} height={30} />
        <Text fw={800} fz="lg" visibleFrom="xs">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
