import { Alert, Button, Stack } from '@mantine/core';
import { outranks } from '@app/shared/roles';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { BackButton } from '../../../components/BackButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListPanel } from './ListPanel.tsx';
import { MemberList } from './MemberList.tsx';
import { MemberRow } from './MemberRow.tsx';
import { useInvalidateCommunity } from './queries.ts';
import type { CommunityAccess, CommunityDetails, CommunityMember, MembersQuery } from '../../../lib/community-types.ts';
import { RoleBadge } from './RoleBadge.tsx';
import { RoleMenu } from './RoleMenu.tsx';
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
 * owner remove those below them; admins and the owner change roles through each row's menu.
 */
export function MembersTab({ community, access, members }: MembersTabProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateCommunity();
  const me = useMe();
  const [removing, setRemoving] = useState<CommunityMember | null>(null);
  const remove = useMutation(
    trpc.membership.remove.mutationOptions({
      onSuccess: async () => {
        const name = removing?.fullName ?? removing?.username ?? '';
        setRemoving(null);
        notifications.show({ color: 'teal', message: t('communityPage.members.removed', { name }) });
        await invalidate();
      },
    }),
  );

  const approved = members.data?.approved ?? [];
  // No count until the list has arrived: '0 members' while loading would be wrong. The community's
  // count is of every member, loaded or not (the list comes a page at a time).
  const heading = members.data
    ? t('communityPage.members.heading', { count: community.membersCount, value: formatCount(community.membersCount) })
    : t('communityPage.members.list');
  return (
    <Stack gap="md">
      <BackButton />
      <ListPanel heading={heading}>
        {members.isPending ? (
          <Loading py="xl" label={t('communityPage.members.loading')} size="sm" />
        ) : members.isError ? (
          <Alert color="red" role="alert">
            {serverText(members.error.message)}
          </Alert>
        ) : (
          <MemberList label={t('communityPage.members.list')} members={approved}>
            {(member) => (
              <MemberRow member={member} detail={t('communityPage.members.joined', { date: formatDate(member.joinedAt, 'day') })}>
                <RoleBadge role={member.role} />
                {me.data && me.data.id !== member.userId && <ReportMemberButton communityId={community.id} member={member} />}
                {access.can.assignRoles && <RoleMenu communityId={community.id} member={member} viewerRole={access.role} />}
                {access.can.moderate && outranks(access.role, member.role) && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconUserMinus size={14} />}
                    aria-label={t('communityPage.members.removeNamed', { name: member.fullName ?? member.username })}
                    onClick={() => {
                      remove.reset();
                      setRemoving(member);
                    }}
                  >
                    {t('communityPage.members.remove')}
                  </Button>
                )}
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
      <ConfirmDialog
        opened={removing !== null}
        title={t('communityPage.members.confirmTitle')}
        confirmLabel={t('communityPage.members.remove')}
        busy={remove.isPending}
        error={remove.error && serverText(remove.error.message)}
        onConfirm={() => removing && remove.mutate({ communityId: community.id, userId: removing.userId })}
        onCancel={() => setRemoving(null)}
      >
        {t('communityPage.members.confirmBody', { name: removing?.fullName ?? removing?.username ?? '', community: community.name })}
      </ConfirmDialog>
    </Stack>
  );
}
