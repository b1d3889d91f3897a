import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterButton } from './RouterButton.tsx';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={900} c="brand.5" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <RouterButton to="/" size="md" mt="sm">
          {t('notFound.home')}
        </RouterButton>
      </Stack>
    </Container>
  );
}
