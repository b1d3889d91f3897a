import { Center, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { useFollowDecision } from '../../../lib/useFollowDecision.ts';

/** After a request to join a private community: a moderator has yet to decide (followed live). */
export function PendingReview({ name }: { name: string }) {
  const { t } = useTranslation();
  useFollowDecision();
  return (
    <Container size="xs" py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md" ta="center">
          <Center>
            <ThemeIcon size={72} radius="xl" variant="light" color="orange">
              <IconHourglassHigh size={38} />
            </ThemeIcon>
          </Center>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('join.pending.title')}
          </Title>
          <Text c="dimmed">{t('join.pending.body', { name })}</Text>
          <Group justify="center" gap="sm" mt="xs">
            <RouterButton to="/my-communities" variant="default">
              {t('join.pending.myCommunities')}
            </RouterButton>
            <RouterButton to="/" leftSection={<IconCompass size={18} />}>
              {t('join.pending.back')}
            </RouterButton>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
