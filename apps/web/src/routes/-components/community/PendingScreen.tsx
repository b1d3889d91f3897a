import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFollowDecision } from '../../../lib/useFollowDecision.ts';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { CommunityLogo } from '../../../components/CommunityLogo.tsx';
import type { CommunityDetails } from '../../../lib/community-types.ts';

/** A request to join awaits a moderator's decision (spec section 4: pending members see this screen), followed live. */
export function PendingScreen({ community }: { community: CommunityDetails }) {
  const { t } = useTranslation();
  useFollowDecision();
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <CommunityLogo name={community.name} logoUrl={community.logoUrl} size={88} />
          <ThemeIcon size={44} radius="xl" variant="light" color="yellow" aria-hidden="true">
            <IconHourglassHigh size={24} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('communityPage.pending.title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('communityPage.pending.body', { name: community.name })}
          </Text>
          <RouterButton to="/" variant="light" mt="xs">
            {t('communityPage.pending.discover')}
          </RouterButton>
        </Stack>
      </Paper>
    </Container>
  );
}
