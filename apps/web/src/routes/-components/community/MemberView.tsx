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
/** The tab strip's id: each tab is `${TABS_ID}-tab-${value}` (Mantine's Tabs), each panel `${TABS_ID}-panel-${value}`. */
const TABS_ID = 'community-tabs';

/** The open tab's panel (only it is drawn), named by its tab, as Mantine's Tabs.Panel is. */
function TabPanel({ value, active, children }: { value: MemberTab; active: MemberTab; children: ReactNode }) {
  if (value !== active) return null;
  return (
    <div role="tabpanel" id={`${TABS_ID}-panel-${value}`} aria-labelledby={`${TABS_ID}-tab-${value}`}>
      {children}
    </div>
  );
}

/** A tab's link to its panel, while the panel is there (the open tab's). */
const controls = (value: MemberTab, active: MemberTab) => ({ 'aria-controls': value === active ? `${TABS_ID}-panel-${value}` : undefined });

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
          <div>
            {/*
              The tab strip only: the panels are not inside Mantine's Tabs, whose context is a new value
              each time it renders, and it renders in its first layout effects (its id, its panels
              counted); on a page the server rendered, React must then hydrate every part still waiting
              beneath it at once (a second-long task on a phone).
            */}
            <Tabs id={TABS_ID} value={active} onChange={open} keepMounted={false} variant="pills" radius="md" classNames={{ list: classes.tabList, tab: classes.tab }}>
              {/* Above the columns, across the page: one row that scrolls sideways when it does not fit. */}
              <Tabs.List ref={tabStrip} aria-label={t('communityPage.tabs.label')} mb="lg">
                <Tabs.Tab value="posts" {...controls('posts', active)} leftSection={<IconMessages size={16} />}>
                  {t('communityPage.tabs.posts')}
                </Tabs.Tab>
                <Tabs.Tab value="about" {...controls('about', active)} {...preloadOn('about')} leftSection={<IconInfoCircle size={16} />}>
                  {t('communityPage.tabs.about')}
                </Tabs.Tab>
                <Tabs.Tab value="members" {...controls('members', active)} {...preloadOn('members')} leftSection={<IconUsers size={16} />}>
                  {t('communityPage.tabs.members')}
                </Tabs.Tab>
                {can.moderate && (
                  <Tabs.Tab
                    value="invites"
                    {...controls('invites', active)}
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
                <Tabs.Tab value="chat" {...controls('chat', active)} {...preloadOn('chat')} leftSection={<IconMessageCircle size={16} />}>
                  {t('chat.tab')}
                </Tabs.Tab>
                <Tabs.Tab value="courses" {...controls('courses', active)} {...preloadOn('courses')} leftSection={<IconSchool size={16} />}>
                  {t('communityPage.tabs.courses')}
                </Tabs.Tab>
                <Tabs.Tab value="leaderboard" {...controls('leaderboard', active)} {...preloadOn('leaderboard')} leftSection={<IconTrophy size={16} />}>
                  {t('communityPage.tabs.leaderboard')}
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TabPanel value="posts" active={active}>
                  {me.data && <PostsTab communityId={community.id} viewerId={me.data.id} moderates={can.moderate} />}
                </TabPanel>
                <TabPanel value="about" active={active}>
                  <TabSuspense>
                    <AboutTab community={community} access={access} editing={editing} />
                  </TabSuspense>
                </TabPanel>
                <TabPanel value="members" active={active}>
                  <TabSuspense>
                    <MembersTab community={community} access={access} members={members} />
                  </TabSuspense>
                </TabPanel>
                {can.moderate && (
                  <TabPanel value="invites" active={active}>
                    <TabSuspense>
                      <InvitesTab community={community} members={members} />
                    </TabSuspense>
                  </TabPanel>
                )}
                {can.moderate && (
                  <TabPanel value="reports" active={active}>
                    <TabSuspense>
                      <ReportsTab communityId={community.id} />
                    </TabSuspense>
                  </TabPanel>
                )}
                {can.moderate && (
                  <TabPanel value="moderation-log" active={active}>
                    <TabSuspense>
                      <ModerationLogTab communityId={community.id} />
                    </TabSuspense>
                  </TabPanel>
                )}
                <TabPanel value="chat" active={active}>
                  <TabSuspense>
                    <ChatTab community={community} members={members} />
                  </TabSuspense>
                </TabPanel>
                <TabPanel value="courses" active={active}>
                  <TabSuspense>
                    <CoursesTab communityId={community.id} canEdit={can.administer} />
                  </TabSuspense>
                </TabPanel>
                <TabPanel value="leaderboard" active={active}>
                  <TabSuspense>
                    {me.data && <LeaderboardTab communityId={community.id} isOwner={access.role === 'owner'} viewerId={me.data.id} />}
                  </TabSuspense>
                </TabPanel>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <HydratesApart>
                  <Sidebar community={community} access={access} members={members} pendingCount={pendingCount} openReports={openReports} activeTab={active} />
                </HydratesApart>
              </Grid.Col>
            </Grid>
          </div>
        </Stack>
      </Container>
    </PresenceProvider>
  );
}
