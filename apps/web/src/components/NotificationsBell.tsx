import { ActionIcon, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../lib/trpc.ts';
import { NotificationCenter } from './notifications/NotificationCenter.tsx';
import { unreadCountQueryOptions, useLiveBell } from './notifications/queries.ts';
import { RouterActionIcon } from './RouterLinks.tsx';
import { UnreadIndicator, UNREAD_SHOWN_MAX } from './UnreadIndicator.tsx';

const PANEL_TITLE = 'notifications-panel-title';

/**
 * The top bar's bell: the unread count, live on every open page (notifications.onChange); on wider
 * screens a panel of the notifications, on phones a link to their page.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  useLiveBell();
  const unread = useQuery(unreadCountQueryOptions(trpc)).data ?? 0;
  const label = unread > UNREAD_SHOWN_MAX ? t('notifications.bellUnreadMany') : unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  const bell = <BellIcon unread={unread} />;

  return (
    <>
      <Popover opened={opened} onChange={setOpened} width={400} position="bottom-end" shadow="md" radius="md" trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            visibleFrom="sm"
            style={{ overflow: 'visible' }}
            onClick={() => setOpened((open) => !open)}
          >
            {bell}
          </ActionIcon>
        </Popover.Target>
        {/* Mantine names the dialog after its target (the bell); the panel's heading names it instead. */}
        <Popover.Dropdown p={0} aria-labelledby={PANEL_TITLE}>
          {opened && <NotificationCenter variant="panel" titleId={PANEL_TITLE} onNavigate={() => setOpened(false)} />}
        </Popover.Dropdown>
      </Popover>
      <RouterActionIcon to="/notifications" variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} hiddenFrom="sm" style={{ overflow: 'visible' }}>
        {bell}
      </RouterActionIcon>
    </>
  );
}

function BellIcon({ unread }: { unread: number }) {
  return (
    <UnreadIndicator unread={unread}>
      <IconBell size={22} stroke={1.7} style={{ display: 'block' }} />
    </UnreadIndicator>
  );
}
