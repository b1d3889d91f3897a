import { Alert, Badge, Button, Card, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCash, IconHeartHandshake, IconMessages, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { useMe } from '../../../lib/auth.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { EarningsLedger } from './EarningsLedger.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
import { PartnerStats } from './PartnerStats.tsx';
import { useCommissionPercent } from './PartnerOverview.tsx';
import { PayoutsList } from './PayoutsList.tsx';
import { ReferralLinkCard } from './ReferralLinkCard.tsx';
import { ReferredCommunities } from './ReferredCommunities.tsx';
import { usePartnerLive, usePartnerStanding, useJoinProgramme, type LiveState } from './usePartner.ts';

/** /partner/dashboard: visitors are asked to log in, others to join (one click), partners see their dashboard. */
export function PartnerDashboard() {
  const { t } = useTranslation();
  const me = useMe();
  const standing = usePartnerStanding();
  let body: ReactNode;
  if (me.isPending || (me.data && standing.isPending)) {
    body = <Loading label={t('partners.dashboard.loading')} />;
  } else if (!me.data) {
    body = <LoginPrompt message={t('partners.dashboard.login')} />;
  } else if (standing.isError) {
    body = <Failed onRetry={() => void standing.refetch()} />;
  } else if (!standing.data?.partner) {
    body = <BecomePartner />;
  } else {
    return <Dashboard isAdmin={standing.data.isAdmin} />;
  }
  return (
    <Stack gap="lg">
      <Heading />
      {body}
    </Stack>
  );
}

function Heading({ live, action }: { live?: LiveState; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Group gap="sm">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('partners.dashboard.title')}
          </Title>
          {live && <LiveBadge live={live} />}
        </Group>
        <Text c="dimmed">{t('partners.dashboard.subtitle')}</Text>
      </div>
      {action}
    </Group>
  );
}

function LiveBadge({ live }: { live: LiveState }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {live === 'live' ? (
        <Badge variant="light" color="teal" radius="xl">
          {t('partners.dashboard.live')}
        </Badge>
      ) : live === 'offline' ? (
        <Badge variant="light" color="gray" radius="xl" leftSection={<IconPlugConnectedX size={12} aria-hidden="true" />}>
          {t('feed.offline')}
        </Badge>
      ) : (
        <Loader size={12} color="gray" aria-label={t('feed.connecting')} />
      )}
    </div>
  );
}

function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.partners.dashboard.queryOptions());
  const live = usePartnerLive();
  const action = isAdmin ? (
    <RouterButton to="/partner/payouts" variant="light" leftSection={<IconCash size={16} />}>
      {t('partners.dashboard.payoutsLink')}
    </RouterButton>
  ) : null;
  return (
    <Stack gap="lg">
      <Heading live={live} action={action} />
      {dashboard.isPending ? (
        <Loading label={t('partners.dashboard.loading')} />
      ) : dashboard.isError ? (
        <Failed onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <ReferralLinkCard code={dashboard.data.referralCode} />
          <PartnerStats dashboard={dashboard.data} />
          <ReferredCommunities communities={dashboard.data.communities} total={dashboard.data.counts.referrals} />
          <EarningsLedger months={dashboard.data.months} />
          <PayoutsList />
          <ForumCard />
        </>
      )}
    </Stack>
  );
}

function BecomePartner() {
  const { t } = useTranslation();
  const percent = useCommissionPercent();
  const join = useJoinProgramme();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconHeartHandshake size={28} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {t('partners.dashboard.notYet')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('partners.dashboard.notYetBody', { percent })}
        </Text>
        <Button size="md" radius="xl" onClick={() => join.mutate()} loading={join.isPending}>
          {t('partners.overview.become')}
        </Button>
      </Stack>
    </Paper>
  );
}

function ForumCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden="true">
            <IconMessages size={24} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              {t('partners.forum.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('partners.forum.body')}
            </Text>
          </div>
        </Group>
        <RouterButton to="/forum" variant="light" color="teal">
          {t('partners.forum.button')}
        </RouterButton>
      </Group>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('partners.dashboard.loadFailed')}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('partners.dashboard.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
