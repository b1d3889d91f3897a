import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { rememberRedirect, useMe } from '../lib/auth.ts';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  const me = useMe();
  if (me.isPending) return <FullPageLoader />;
  return me.data ? <SignedInHome name={me.data.fullName ?? me.data.username} username={me.data.username} /> : <Welcome />;
}

function SignedInHome({ name, username }: { name: string; username: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={48}>
      <Title order={1}>{t('home.welcome', { name })}</Title>
      <Text c="dimmed" mt="xs">
        {t('home.signedInAs', { username })}
      </Text>
    </Container>
  );
}

function Welcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box className="hero">
      <Container size="md" py={{ base: 64, sm: 112 }}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
            {t('home.heroTitle')}
          </Title>
          <Text size="lg" c="dimmed" maw={620}>
            {t('home.heroSubtitle')}
          </Text>
          <Button
            size="lg"
            onClick={() => {
              rememberRedirect('/start-community');
              void navigate({ to: '/login' });
            }}
          >
            {t('home.startFree')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
