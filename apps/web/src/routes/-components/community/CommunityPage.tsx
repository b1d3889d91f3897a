import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { useMe } from '../../../lib/auth.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { MemberView } from './MemberView.tsx';
import { BannedNotice, CommunityNotice } from './BannedNotice.tsx';
import { NonMemberView } from './NonMemberView.tsx';
import { PendingScreen } from './PendingScreen.tsx';
import { communityQueryOptions, statusQueryOptions } from './queries.ts';
import type { MemberTab } from '../../../lib/community-tabs.ts';
import type { CommunityAccess } from '../../../lib/community-types.ts';
import { capabilitiesOf } from '@app/shared/plain/roles';

interface CommunityPageProps {
  /** The name from the address (matched case-insensitively by the server). */
  name: string;
  tab: MemberTab;
  editing: boolean;
}

/**
 * Spec section 2, 'Community page': loading, failure, the pending screen for a request awaiting
 * approval, the member view for approved members and the owner, otherwise the non-member view.
 */
export function CommunityPage({ name, tab, editing }: CommunityPageProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const me = useMe();
  const community = useQuery(communityQueryOptions(trpc, name));
  const communityId = community.data?.id;
  const status = useQuery(statusQueryOptions(trpc, communityId));

  // What the viewer may do comes from the server (membership.status); the owner's while it loads again.
  // One object while the standing stays the same, so what is drawn from it is not drawn again for nothing.
  const access = useMemo<CommunityAccess>(
    () => (status.data && status.data.status === 'approved' ? { role: status.data.role, can: status.data.can } : { role: 'owner', can: capabilitiesOf('owner') }),
    [status.data],
  );

  if (community.isPending) return <LoadingCommunity />;
  // The server refuses the community to those banned from it (FORBIDDEN), saying so.
  if (community.isError && community.error.data?.code === 'FORBIDDEN') return <BannedNotice />;
  // A refetch that failed (a moment offline, reads over the budget) keeps the page it had; only a first load that failed says so.
  if (community.data === undefined) return <CommunityError message={serverText(community.error.message) || t('communityPage.loadFailed')} />;
  // A failed membership check counts as not a member (spec section 4), so only wait while it runs.
  if (status.isPending && status.fetchStatus !== 'idle') return <LoadingCommunity />;
  if (me.isPending) return <LoadingCommunity />;

  const details = community.data;
  const isOwner = me.data?.id === details.ownerId || status.data?.role === 'owner';
  const state = status.data?.status ?? 'none';
  if (isOwner || state === 'approved') return <MemberView community={details} access={access} tab={tab} editing={editing} />;
  if (state === 'pending') return <PendingScreen community={details} />;
  // Banned while the page was open (the community's details still in hand): the same notice.
  if (state === 'banned') return <BannedNotice />;
  return <NonMemberView community={details} signedIn={Boolean(me.data)} removed={state === 'removed'} askAgainAt={state === 'declined' || state === 'removed' ? (status.data?.askAgainAt ?? null) : null} />;
}

function LoadingCommunity() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('communityPage.loading')}</Text>
      </Stack>
    </Center>
  );
}

function CommunityError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <CommunityNotice icon={<IconAlertTriangle />} title={t('communityPage.errorTitle')}>
      {message}
    </CommunityNotice>
  );
}
