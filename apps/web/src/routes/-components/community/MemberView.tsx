import { Badge, Container, Grid, Group, Stack, Tabs } from '@mantine/core';
import { IconInfoCircle, IconMessageCircle, IconMessages, IconSchool, IconTrophy, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/Loading.tsx';
import { useMe } from '../../../lib/auth.ts';
import { CommunityHeader } from '../../../components/CommunityHeader.tsx';
import { MuteSwitch } from './MuteSwitch.tsx';
import { CommunitySearch } from '../../../components/search/CommunitySearch.tsx';
import { PostsTab } from '../../../components/feed/PostsTab.tsx';
import { useMembers } from './queries.ts';
import { Sidebar } from './Sidebar.tsx';
import { HydratesApart } from '../../../components/HydratesApart.tsx';
import { MODERATION_TABS, tabSearch, type MemberTab } from '../../../lib/community-tabs.ts';
import { useOpenReports } from './moderation/queries.ts';
import type { CommunityAccess, CommunityDetails } from '../../../lib/community-types.ts';
import { AboutTab, ChatTab, CoursesTab, InvitesTab, LeaderboardTab, MembersTab, ModerationLogTab, preloadTab, ReportsTab } from './memberTabs.ts';
import { useLiveMembership } from './useLiveMembership.ts';
import { useTabStrip } from './useTabStrip.ts';
import classes from './community.module.css';
import { formatCount } from '../../../lib/format.ts';
import { PresenceProvider } from '../../../components/presence/PresenceProvider.tsx';

interface MemberViewProps {
  community: CommunityDetails;
  /** The viewer's role and what it may do (membership.status). */
  access: CommunityAccess;
  tab: MemberTab;
  editing: boolean;
}

/** Keeps the member view's membership live (remounted, so subscribed again, when the viewer's role changes). */
function LiveMembership({ communityId }: { communityId: string }) {
  useLiveMembership(communityId);
  return null;
}

/**
 * A lazy tab's place while its code loads: as tall as the screen, so that on a phone the sidebar
 * below it does not show and then move down when the tab arrives.
 */
function TabSuspense({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<Loading mih="100dvh" pt={48} style={{ alignItems: 'flex-start' }} label={t('communityPage.tabLoading')} />}>{children}</Suspense>;
}

/** A tab's code starts loading as a pointer or the focus reaches it, before the click. */
function preloadOn(tab: MemberTab) {
  return { onPointerEnter: () => preloadTab(tab), onFocus: () => preloadTab(tab) };
}

/**
 * Approved members and the owner: the full header on the posts tab, a one-row bar on the others (so
 * their content starts near the top); one row of tabs (kept in ?tab=) across the page; the tab's
 * content beside a sidebar that stacks below on phones.
 */
export function MemberView({ community, access, tab, editing }: MemberViewProps) {
  const { can } = access;
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate({ from: '/community/$communityName' });
  const members = useMembers(community.id);
  // The join requests, reports and log are the moderators'; anyone else asking for them sees the posts.
  const active: MemberTab = MODERATION_TABS.includes(tab) && !can.moderate ? 'posts' : tab;
  const openReports = useOpenReports(community.id, can.moderate);
  const pendingCount = members.data?.pendingCount ?? 0;
  const tabStrip = useTabStrip(active);

  const open = (next: string | null) => {
    if (next && next !== active) void navigate({ search: tabSearch(next as MemberTab) });
  };

  return (
    // Avatars inside show a dot while their person is online in this community.
    <PresenceProvider communityId={community.id}>
      <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
        {/* A new role listens again: join requests are passed to moderators as their subscription starts. */}
        <LiveMembership key={access.role ?? 'none'} communityId={community.id} />
        <Stack gap="lg">
          <CommunityHeader
            community={community}
            variant={active === 'posts' ? 'compact' : 'bar'}
            actions={
              <Group gap="sm" wrap="nowrap">
                <CommunitySearch community={community} />
                <MuteSwitch community={community} />
              </Group>
            }
          />
          <Tabs value={active} onChange={open} keepMounted={false} variant="pills" radius="md" classNames={{ list: classes.tabList, tab: classes.tab }}>
            {/* Above the columns, across the page: one row that scrolls sideways when it does not fit. */}
            <Tabs.List ref={tabStrip} aria-label={t('communityPage.tabs.label')} mb="lg">
              <Tabs.Tab value="posts" leftSection={<IconMessages size={16} />}>
                {t('communityPage.tabs.posts')}
              </Tabs.Tab>
              <Tabs.Tab value="about" {...preloadOn('about')} leftSection={<IconInfoCircle size={16} />}>
                {t('communityPage.tabs.about')}
              </Tabs.Tab>
              <Tabs.Tab value="members" {...preloadOn('members')} leftSection={<IconUsers size={16} />}>
                {t('communityPage.tabs.members')}
              </Tabs.Tab>
              {can.moderate && (
                <Tabs.Tab
                  value="invites"
                  {...preloadOn('invites')}
                  leftSection={<IconUserPlus size={16} />}
                  rightSection={
                    pendingCount > 0 ? (
                      <Badge size="sm" circle color="red" aria-label={t('communityPage.invites.pendingCount', { count: pendingCount })}>
                        {formatCount(pendingCount)}
                      </Badge>
                    ) : null
                  }
                >
                  {t('communityPage.tabs.invites')}
                </Tabs.Tab>
              )}
              <Tabs.Tab value="chat" {...preloadOn('chat')} leftSection={<IconMessageCircle size={16} />}>
                {t('chat.tab')}
              </Tabs.Tab>
              <Tabs.Tab value="courses" {...preloadOn('courses')} leftSection={<IconSchool size={16} />}>
                {t('communityPage.tabs.courses')}
              </Tabs.Tab>
              <Tabs.Tab value="leaderboard" {...preloadOn('leaderboard')} leftSection={<IconTrophy size={16} />}>
                {t('communityPage.tabs.leaderboard')}
              </Tabs.Tab>
            </Tabs.List>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Tabs.Panel value="posts">
                  {me.data && <PostsTab communityId={community.id} viewerId={me.data.id} moderates={can.moderate} />}
                </Tabs.Panel>
                <Tabs.Panel value="about">
                  <TabSuspense>
                    <AboutTab community={community} access={access} editing={editing} />
                  </TabSuspense>
                </Tabs.Panel>
                <Tabs.Panel value="members">
                  <TabSuspense>
                    <MembersTab community={community} access={access} members={members} />
                  </TabSuspense>
                </Tabs.Panel>
                {can.moderate && (
                  <Tabs.Panel value="invites">
                    <TabSuspense>
                      <InvitesTab community={community} members={members} />
                    </TabSuspense>
                  </Tabs.Panel>
                )}
                {can.moderate && (
                  <Tabs.Panel value="reports">
                    <TabSuspense>
                      <ReportsTab communityId={community.id} />
                    </TabSuspense>
                  </Tabs.Panel>
                )}
                {can.moderate && (
                  <Tabs.Panel value="moderation-log">
                    <TabSuspense>
                      <ModerationLogTab communityId={community.id} />
                    </TabSuspense>
                  </Tabs.Panel>
                )}
                <Tabs.Panel value="chat">
                  <TabSuspense>
                    <ChatTab community={community} members={members} />
                  </TabSuspense>
                </Tabs.Panel>
                <Tabs.Panel value="courses">
                  <TabSuspense>
                    <CoursesTab communityId={community.id} canEdit={can.administer} />
                  </TabSuspense>
                </Tabs.Panel>
                <Tabs.Panel value="leaderboard">
                  <TabSuspense>
                    {me.data && <LeaderboardTab communityId={community.id} isOwner={access.role === 'owner'} viewerId={me.data.id} />}
                  </TabSuspense>
                </Tabs.Panel>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <HydratesApart>
                  <Sidebar community={community} access={access} members={members} pendingCount={pendingCount} openReports={openReports} activeTab={active} />
                </HydratesApart>
              </Grid.Col>
            </Grid>
          </Tabs>
        </Stack>
      </Container>
    </PresenceProvider>
  );
}
