import { Box, Container, Group, Loader } from '@mantine/core';
import { useMatch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogs } from '../i18n/index.ts';
import { useMe } from '../lib/auth.ts';
import { Logo } from './Logo.tsx';
import { RouterButton } from './RouterButton.tsx';

// Loaded when needed: the community's name on community pages; the signed-in menus (see
// SignedInActions) and their text for signed-in people only.
const SelectedCommunity = lazy(() => import('./SelectedCommunity.tsx'));
const SignedInActions = lazy(() => Promise.all([import('./SignedInActions.tsx'), loadCatalogs()]).then(([module]) => module));

export function TopBar() {
  const { t } = useTranslation();
  const me = useMe();
  const onCommunityPage = useMatch({ from: '/community/$communityName', shouldThrow: false }) !== undefined;
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 100 }}>
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Logo />
            {onCommunityPage && (
              <Suspense>
                <SelectedCommunity />
              </Suspense>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {me.isPending ? (
              <Loader size="sm" role="status" aria-label={t('nav.loadingProfile')} />
            ) : me.data ? (
              <Suspense fallback={<Loader size="sm" role="status" aria-label={t('nav.loadingProfile')} />}>
                <SignedInActions me={me.data} />
              </Suspense>
            ) : (
              <>
                <RouterButton to="/discover" variant="subtle" color="gray" visibleFrom="xs">
                  {t('nav.discover')}
                </RouterButton>
                <RouterButton to="/pricing" variant="subtle" color="gray">
                  {t('nav.pricing')}
                </RouterButton>
                <RouterButton to="/login">
                  {t('nav.login')}
                </RouterButton>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
