import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlag, IconInfoCircle, IconListDetails, IconMessageHeart, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterAnchor, RouterButton, RouterNavLink } from '../../../components/RouterLinks.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { EventsCard } from '../calendar/EventsCard.tsx';
import { CoursesCard } from '../courses/CoursesCard.tsx';
import { MemberList } from './MemberList.tsx';
import { MemberRow } from './MemberRow.tsx';
import type { MemberTab } from '../../../lib/community-tabs.ts';
import type { CommunityAccess, MembersQuery } from '../../../lib/community-types.ts';
import { useTabLink } from '../../../lib/useTabLink.ts';
import { formatCount } from '../../../lib/format.ts';
import { Loading } from '../../../components/Loading.tsx';
import { SideCard } from '../../../components/SideCard.tsx';
import { OnlineNow } from '../../../components/presence/OnlineNow.tsx';
import { HydratesApart } from '../../../components/HydratesApart.tsx';

interface SidebarProps {
  community: { id: string; name: string };
  access: CommunityAccess;
  members: MembersQuery;
  pendingCount: number;
  /** Items with open reports (moderators, admins and the owner), live. */
  openReports: number;
  activeTab: MemberTab;
}

/**
 * The member view's right column: who is online, the events calendar, the courses card, the owner's survey card,
 * the newest members and the control panel.
 */
export const Sidebar = memo(function Sidebar({ community, access, members, pendingCount, openReports, activeTab }: SidebarProps) {
  const { can } = access;
  // Rendered by the server, each card comes alive in a commit of its own: the calendar's month alone
  // is some 600 components, which hydrated with the rest of the column in one long task.
  return (
    <Stack gap="lg">
      <HydratesApart>
        <OnlineNow />
      </HydratesApart>
      <HydratesApart>
        <EventsCard communityId={community.id} communityName={community.name} canEdit={can.administer} />
      </HydratesApart>
      <HydratesApart>
        <CoursesCard communityId={community.id} />
      </HydratesApart>
      {can.own && <SurveyCard />}
      <HydratesApart>
        <RecentMembers members={members} />
      </HydratesApart>
      <HydratesApart>
        <ControlPanel moderates={can.moderate} pendingCount={pendingCount} openReports={openReports} activeTab={activeTab} />
      </HydratesApart>
    </Stack>
  );
});

/** Owners only; it asks for feedback on the feedback wall. */
function SurveyCard() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="brand.0"
      style={{ borderColor: 'var(--mantine-color-brand-2)' }}
      component="section"
      aria-labelledby="survey-title"
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="white" radius="xl" size={36} aria-hidden="true">
            <IconMessageHeart size={20} />
          </ThemeIcon>
          <Title order={2} fz="md" id="survey-title">
            {t('communityPage.survey.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('communityPage.survey.body')}
        </Text>
        <RouterButton to="/feedbacks" variant="white" size="sm" style={{ alignSelf: 'flex-start' }}>
          {t('communityPage.survey.action')}
        </RouterButton>
      </Stack>
    </Paper>
  );
}

/** The three newest members, with 'View all' opening the members tab. */
function RecentMembers({ members }: { members: MembersQuery }) {
  const { t } = useTranslation();
  const tabLink = useTabLink();
  const recent = members.data?.approved.slice(0, 3) ?? [];
  return (
    <SideCard
      titleId="recent-members-title"
      title={t('communityPage.recent.title')}
      action={
        <RouterAnchor {...tabLink('members')} size="sm" fw={600}>
          {t('communityPage.recent.viewAll')}
        </RouterAnchor>
      }
    >
      {members.isPending ? (
        <Loading py="sm" label={t('communityPage.members.loading')} size="sm" />
      ) : members.data === undefined ? (
        <Text size="sm" c="red">
          {serverText(members.error?.message ?? '')}
        </Text>
      ) : (
        <MemberList label={t('communityPage.recent.list')} members={recent} divided={false}>
          {(member) => <MemberRow member={member} avatarSize={36} />}
        </MemberList>
      )}
    </SideCard>
  );
}

/** Shortcuts to the tabs: About and Members, and for moderators, admins and the owner Join Requests with the pending count. */
function ControlPanel({ moderates, pendingCount, openReports, activeTab }: { moderates: boolean; pendingCount: number; openReports: number; activeTab: MemberTab }) {
  const { t } = useTranslation();
  const tabLink = useTabLink();
  return (
    <Paper withBorder radius="lg" p="md" component="nav" aria-label={t('communityPage.panel.title')}>
      <Text fw={700} fz="md" px="xs" pb="xs">
        {t('communityPage.panel.title')}
      </Text>
      <RouterNavLink
        {...tabLink('about')}
        active={activeTab === 'about'}
        label={t('communityPage.panel.about')}
        leftSection={<IconInfoCircle size={18} />}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      <RouterNavLink
        {...tabLink('members')}
        active={activeTab === 'members'}
        label={t('communityPage.panel.members')}
        leftSection={<IconUsers size={18} />}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      {moderates && (
        <RouterNavLink
          {...tabLink('invites')}
          active={activeTab === 'invites'}
          label={t('communityPage.panel.invites')}
          leftSection={<IconUserPlus size={18} />}
          rightSection={
            <Badge size="sm" circle={pendingCount < 10} color={pendingCount > 0 ? 'red' : 'gray'} variant={pendingCount > 0 ? 'filled' : 'light'}>
              {formatCount(pendingCount)}
            </Badge>
          }
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
      {moderates && (
        <RouterNavLink
          {...tabLink('reports')}
          active={activeTab === 'reports'}
          label={t('moderation.panel.reports')}
          leftSection={<IconFlag size={18} />}
          rightSection={
            <Badge size="sm" circle={openReports < 10} color={openReports > 0 ? 'red' : 'gray'} variant={openReports > 0 ? 'filled' : 'light'} aria-label={t('moderation.panel.openCount', { count: openReports })}>
              {formatCount(openReports)}
            </Badge>
          }
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
      {moderates && (
        <RouterNavLink
          {...tabLink('moderation-log')}
          active={activeTab === 'moderation-log'}
          label={t('moderation.panel.log')}
          leftSection={<IconListDetails size={18} />}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
    </Paper>
  );
}
