import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCash, IconHeartHandshake, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { useMe } from '../../../lib/auth.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { EarningsLedger } from './EarningsLedger.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
import { ForumCard, PageLoading, PageHeading, PromptCard } from './PartnerParts.tsx';
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
    body = <PageLoading label={t('partners.dashboard.loading')} />;
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
      <PageHeading title={t('partners.dashboard.title')} subtitle={t('partners.dashboard.subtitle')} />
      {body}
    </Stack>
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
        <Loader size={12} color="gray" role="status" aria-label={t('feed.connecting')} />
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
      <PageHeading title={t('partners.dashboard.title')} subtitle={t('partners.dashboard.subtitle')} badge={<LiveBadge live={live} />} action={action} />
      {dashboard.isPending ? (
        <PageLoading label={t('partners.dashboard.loading')} />
      ) : dashboard.data === undefined ? (
        <Failed onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <ReferralLinkCard code={dashboard.data.referralCode} />
          <PartnerStats dashboard={dashboard.data} />
          <ReferredCommunities communities={dashboard.data.communities} total={dashboard.data.counts.referrals} />
          <EarningsLedger months={dashboard.data.months} />
          <PayoutsList />
          <ForumCard title={t('partners.forum.title')} body={t('partners.forum.body')} button={t('partners.forum.button')} />
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
    <PromptCard
      icon={<IconHeartHandshake size={28} />}
      title={t('partners.dashboard.notYet')}
      body={t('partners.dashboard.notYetBody', { percent })}
      action={
        <Button size="md" radius="xl" onClick={() => join.mutate()} loading={join.isPending}>
          {t('partners.overview.become')}
        </Button>
      }
    />
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
