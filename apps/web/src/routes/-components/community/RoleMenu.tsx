import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ASSIGNABLE_ROLES, mayAssign, type AssignableRole, type CommunityRole } from '@app/shared/plain/roles';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { CommunityMember } from '../../../lib/community-types.ts';
import { useInvalidateCommunity } from './queries.ts';
import { RowMenu } from './RowMenu.tsx';

interface RoleMenuProps {
  communityId: string;
  member: CommunityMember;
  /** The viewer's role (membership.status): which roles the menu offers follows the server's `mayAssign`. */
  viewerRole: CommunityRole | null;
}

/** 'Role ▾' on a member's row: the roles the viewer may give this person (none: no menu). */
export function RoleMenu({ communityId, member, viewerRole }: RoleMenuProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateCommunity();
  const name = member.fullName ?? member.username;
  const setRole = useMutation(
    trpc.membership.setRole.mutationOptions({
      onSuccess: async ({ role }) => {
        const said = { admin: t('communityPage.roles.changedAdmin', { name }), moderator: t('communityPage.roles.changedModerator', { name }), member: t('communityPage.roles.changedMember', { name }) };
        notifications.show({ color: 'teal', message: said[role] });
        await invalidate();
      },
      onError: (error) => notifications.show({ color: 'red', title: t('communityPage.roles.failed'), message: serverText(error.message) }),
    }),
  );
  const offered = ASSIGNABLE_ROLES.filter((role) => mayAssign(viewerRole, member.role, role));
  if (offered.length === 0) return null;
  const labels: Record<AssignableRole, string> = {
    admin: t('communityPage.roles.makeAdmin'),
    moderator: t('communityPage.roles.makeModerator'),
    member: t('communityPage.roles.makeMember'),
  };
  return (
    <RowMenu label={t('communityPage.roles.menu')} ariaLabel={t('communityPage.roles.menuNamed', { name })} icon={<IconShieldCheck size={14} />} color="gray" loading={setRole.isPending}>
      {offered.map((role) => (
        <Menu.Item key={role} onClick={() => setRole.mutate({ communityId, userId: member.userId, role })}>
          {labels[role]}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
