import { Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout, IconSettings, IconUser, IconUsersGroup, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isRateLimited } from '../lib/rate-limit.ts';
import { useSignOut } from '../lib/auth.ts';
import { UserAvatar } from './UserAvatar.tsx';
import { Handle, HANDLE_LINE } from './Handle.tsx';

interface AccountMenuProps {
  profile: { username: string; fullName: string | null; email: string; avatarUrl: string | null };
}

export function AccountMenu({ profile }: AccountMenuProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Menu width={224} position="bottom-end" shadow="md" closeOnItemClick>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.accountMenu')} style={{ borderRadius: '50%' }}>
          <UserAvatar username={profile.username} avatarUrl={profile.avatarUrl} radius="xl" size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {profile.fullName ?? profile.username}
          </Text>
          <Text size="xs" c="dimmed" truncate {...HANDLE_LINE}>
            <Handle username={profile.username} />
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          renderRoot={(props) => <Link to="/profile/$username" params={{ username: profile.username }} {...props} />}
          leftSection={<IconUser size={16} />}
        >
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item renderRoot={(props) => <Link to="/my-communities" {...props} />} leftSection={<IconUsersGroup size={16} />}>
          {t('nav.myCommunities')}
        </Menu.Item>
        <Menu.Item renderRoot={(props) => <Link to="/partnership-program" {...props} />} leftSection={<IconHeartHandshake size={16} />}>
          {t('nav.partnership')}
        </Menu.Item>
        <Menu.Item renderRoot={(props) => <Link to="/settings" {...props} />} leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout className="mirror-rtl" size={16} />}
          disabled={signOut.isPending}
          closeMenuOnClick={false}
          onClick={() =>
            signOut.mutate(undefined, {
              onError: (error) => {
                if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('auth.errors.signOutFailed') });
              },
            })
          }
        >
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
