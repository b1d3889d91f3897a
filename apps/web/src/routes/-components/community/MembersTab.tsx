import { Alert, Button, Group, Stack } from '@mantine/core';
import { outranks } from '@app/shared/plain/roles';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { BackButton } from '../../../components/BackButton.tsx';
import { BannedList } from './BannedList.tsx';
import { ListPanel } from './ListPanel.tsx';
import { MemberList } from './MemberList.tsx';
import { MemberModeration } from './MemberModeration.tsx';
import { MembersCsvButton } from './MembersCsvButton.tsx';
import { MemberRow } from './MemberRow.tsx';
import type { CommunityAccess, CommunityDetails, MembersQuery } from '../../../lib/community-types.ts';
import { RoleBadge } from './RoleBadge.tsx';
import { RoleMenu } from './RoleMenu.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { PagedListEnd } from '../../../components/PagedListEnd.tsx';
import { useMe } from '../../../lib/auth.ts';
import { ReportMemberButton } from './moderation/ReportMemberButton.tsx';

interface MembersTabProps {
  community: CommunityDetails;
  /** The viewer's role and what it may do (membership.status). */
  access: CommunityAccess;
  members: MembersQuery;
}

/**
 * Approved members, newest first, with their role's badge and join date. Moderators, admins and the
 * owner remove or ban those below them (each row's 'Moderate' menu) and see the Banned list;
 * admins and the owner change roles through each row's menu.
 */
export function MembersTab({ community, access, members }: MembersTabProps) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const me = useMe();

  const approved = members.data?.approved ?? [];
  // No count until the list has arrived: '0 members' while loading would be wrong. The community's
  // count is of every member, loaded or not (the list comes a page at a time).
  const heading = members.data
    ? t('communityPage.members.heading', { count: community.membersCount, value: formatCount(community.membersCount) })
    : t('communityPage.members.list');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <BackButton />
        <Group gap="xs">
          {access.can.own && <MembersCsvButton communityId={community.id} />}
          {/* Invitations are the owner's and admins' (invitations domain). */}
          {access.can.administer && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              {t('invitations.open')}
            </Button>
          )}
        </Group>
      </Group>
      {access.can.administer && <InviteDialog communityId={community.id} opened={inviting} onClose={() => setInviting(false)} />}
      <ListPanel heading={heading}>
        {members.isPending ? (
          <Loading py="xl" label={t('communityPage.members.loading')} size="sm" />
        ) : members.data === undefined ? (
          <Alert color="red" role="alert">
            {serverText(members.error?.message ?? '')}
          </Alert>
        ) : (
          <MemberList label={t('communityPage.members.list')} members={approved}>
            {(member) => (
              <MemberRow member={member} detail={t('communityPage.members.joined', { date: formatDate(member.joinedAt, 'day') })}>
                <RoleBadge role={member.role} />
                {me.data && me.data.id !== member.userId && <ReportMemberButton communityId={community.id} member={member} />}
                {access.can.assignRoles && <RoleMenu communityId={community.id} member={member} viewerRole={access.role} />}
                {access.can.moderate && outranks(access.role, member.role) && <MemberModeration community={community} member={member} />}
              </MemberRow>
            )}
          </MemberList>
        )}
        {members.data && (
          <PagedListEnd
            query={members.paging}
            words={{ loadFailed: t('communityPage.members.loadFailed'), loadMore: t('communityPage.members.loadMore'), end: t('communityPage.members.end') }}
          />
        )}
      </ListPanel>
      {access.can.moderate && <BannedList communityId={community.id} />}
    </Stack>
  );
}
