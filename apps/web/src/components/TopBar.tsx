import { Box, Button, Container, Group, Loader } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../lib/auth.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Logo } from './Logo.tsx';
import { MessagesMenu } from './MessagesMenu.tsx';

export function TopBar() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 100 }}>
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="xs" wrap="nowrap">
            {me.isPending ? (
              <Loader size="sm" aria-label={t('nav.loadingProfile')} />
            ) : me.data ? (
              <>
                <MessagesMenu />
                <AccountMenu profile={me.data} />
              </>
            ) : (
              <>
                <Button component={Link} to="/pricing" variant="subtle" color="gray">
                  {t('nav.pricing')}
                </Button>
                <Button component={Link} to="/login">
                  {t('nav.login')}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
