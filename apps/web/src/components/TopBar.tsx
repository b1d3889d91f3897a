import { Box, Container, Group, Loader, Tooltip } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../lib/auth.ts';
import { useTRPC } from '../lib/trpc.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Logo } from './Logo.tsx';
import { MessagesMenu } from './MessagesMenu.tsx';
import { useLevelUps } from '../lib/useLevelUps.ts';
import { RouterActionIcon, RouterButton } from './RouterLinks.tsx';
import { SelectedCommunity } from './SelectedCommunity.tsx';

export function TopBar() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 100 }}>
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Logo />
            <SelectedCommunity />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {me.isPending ? (
              <Loader size="sm" aria-label={t('nav.loadingProfile')} />
            ) : me.data ? (
              <>
                <FeedbacksLink />
                <LevelUps />
                <MessagesMenu viewerId={me.data.id} />
                <AccountMenu profile={me.data} />
              </>
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

/** The Feedbacks icon, for owners of at least one community only, once that is known (spec: Top bar). */
function FeedbacksLink() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const mine = useQuery(trpc.communities.mine.queryOptions());
  if (!mine.data || mine.data.owned.length === 0) return null;
  return (
    <Tooltip label={t('mine.feedbacks')} withArrow>
      <RouterActionIcon to="/feedbacks" variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('mine.feedbacks')}>
        <IconMessageStar size={22} stroke={1.7} />
      </RouterActionIcon>
    </Tooltip>
  );
}

/** Congratulates the signed-in person on each level they reach, wherever they are in the app. */
function LevelUps() {
  useLevelUps();
  return null;
}
