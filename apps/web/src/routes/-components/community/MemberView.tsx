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
import { MODERATION_TABS, tabSearch, type MemberTab } from '../../../lib/community-tabs.ts';
import { useOpenReports } from './moderation/queries.ts';
import type { CommunityAccess, CommunityDetails } from '../../../lib/community-types.ts';
import { AboutTab, ChatTab, CoursesTab, InvitesTab, LeaderboardTab, MembersTab, ModerationLogTab, preloadTab, ReportsTab } from './memberTabs.ts';
import { useLiveMembership } from './useLiveMembership.ts';
import { useTabStrip } from './useTabStrip.ts';
import classes from './community.module.css';
import { formatCount } from '../../../lib/format.ts';
import { PresenceProvider } from '../../../components/presence/PresenceProvider.tsx';
import { HydratesApart } from '../../../components/HydratesApart.tsx';

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

/** The tab strip's id: each tab is `${TABS_ID}-tab-${value}` (Mantine's Tabs), each panel `${TABS_ID}-panel-${value}`. */
const TABS_ID = 'community-tabs';

/** The tab strip, in order: each tab's icon and words; the moderators' tabs only for them. */
const STRIP = [
  { value: 'posts', Icon: IconMessages, label: 'communityPage.tabs.posts' },
  { value: 'about', Icon: IconInfoCircle, label: 'communityPage.tabs.about' },
  { value: 'members', Icon: IconUsers, label: 'communityPage.tabs.members' },
  { value: 'invites', Icon: IconUserPlus, label: 'communityPage.tabs.invites', moderators: true },
  { value: 'chat', Icon: IconMessageCircle, label: 'chat.tab' },
  { value: 'courses', Icon: IconSchool, label: 'communityPage.tabs.courses' },
  { value: 'leaderboard', Icon: IconTrophy, label: 'communityPage.tabs.leaderboard' },
] as const satisfies ReadonlyArray<{ value: MemberTab; Icon: unknown; label: string; moderators?: boolean }>;

/**
 * The open tab's panel (only it is drawn), named by its tab, as Mantine's Tabs.Panel is; a `lazy`
 * tab's code may still be on its way (TabSuspense).
 */
function TabPanel({ value, active, lazy = false, children }: { value: MemberTab; active: MemberTab; lazy?: boolean; children: ReactNode }) {
  if (value !== active) return null;
  return (
    <div role="tabpanel" id={`${TABS_ID}-panel-${value}`} aria-labelledby={`${TABS_ID}-tab-${value}`}>
      {lazy ? <TabSuspense>{children}</TabSuspense> : children}
    </div>
  );
}

/** A tab's link to its panel, while the panel is there (the open tab's). */
const controls = (value: MemberTab, active: MemberTab) => ({ 'aria-controls': value === active ? `${TABS_ID}-panel-${value}` : undefined });

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

interface TabStripProps {
  active: MemberTab;
  onChange: (next: string | null) => void;
  moderates: boolean;
  pendingCount: number;
}

/**
 * The tab strip alone inside Mantine's Tabs, with its scrolling row (useTabStrip): a part of its own,
 * so its row is measured once it is hydrated and its list is there.
 */
function TabStrip({ active, onChange, moderates, pendingCount }: TabStripProps) {
  const { t } = useTranslation();
  const tabStrip = useTabStrip(active);
  return (
    <Tabs id={TABS_ID} value={active} onChange={onChange} keepMounted={false} variant="pills" radius="md" classNames={{ list: classes.tabList, tab: classes.tab }}>
      {/* Above the columns, across the page: one row that scrolls sideways when it does not fit. */}
      <Tabs.List ref={tabStrip} aria-label={t('communityPage.tabs.label')} mb="lg">
        {STRIP.filter((entry) => !('moderators' in entry) || moderates).map(({ value, Icon, label }) => (
          <Tabs.Tab
            key={value}
            value={value}
            {...controls(value, active)}
            {...preloadOn(value)}
            leftSection={<Icon size={16} />}
            rightSection={
              value === 'invites' && pendingCount > 0 ? (
                <Badge size="sm" circle color="red" aria-label={t('communityPage.invites.pendingCount', { count: pendingCount })}>
                  {formatCount(pendingCount)}
                </Badge>
              ) : null
            }
          >
            {t(label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/**
 * Approved members and the owner: the full header on the posts tab, a one-row bar on the others (so
 * their content starts near the top); one row of tabs (kept in ?tab=) across the page; the tab's
 * content beside a sidebar that stacks below on phones.
 */
export function MemberView({ community, access, tab, editing }: MemberViewProps) {
  const { can } = access;
  const me = useMe();
  const navigate = useNavigate({ from: '/community/$communityName' });
  const members = useMembers(community.id);
  // The join requests, reports and log are the moderators'; anyone else asking for them sees the posts.
  const active: MemberTab = MODERATION_TABS.includes(tab) && !can.moderate ? 'posts' : tab;
  const openReports = useOpenReports(community.id, can.moderate);
  const pendingCount = members.data?.pendingCount ?? 0;
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
          {/* Rendered by the server, the header, the tab strip, each post and each sidebar card come alive each in a commit of their own. */}
          <HydratesApart>
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
          </HydratesApart>
          <div>
            {/*
              The tab strip only: the panels are not inside Mantine's Tabs, whose context is a new value
              each time it renders, and it renders in its first layout effects (its id, its panels
              counted); on a page the server rendered, React must then hydrate every part still waiting
              beneath it at once (a second-long task on a phone).
            */}
            <HydratesApart>
              <TabStrip active={active} onChange={open} moderates={can.moderate} pendingCount={pendingCount} />
            </HydratesApart>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TabPanel value="posts" active={active}>
                  {me.data && <PostsTab communityId={community.id} viewerId={me.data.id} moderates={can.moderate} />}
                </TabPanel>
                <TabPanel value="about" active={active} lazy>
                  <AboutTab community={community} access={access} editing={editing} />
                </TabPanel>
                <TabPanel value="members" active={active} lazy>
                  <MembersTab community={community} access={access} members={members} />
                </TabPanel>
                {can.moderate && (
                  <TabPanel value="invites" active={active} lazy>
                    <InvitesTab community={community} members={members} />
                  </TabPanel>
                )}
                {can.moderate && (
                  <TabPanel value="reports" active={active} lazy>
                    <ReportsTab communityId={community.id} />
                  </TabPanel>
                )}
                {can.moderate && (
                  <TabPanel value="moderation-log" active={active} lazy>
                    <ModerationLogTab communityId={community.id} />
                  </TabPanel>
                )}
                <TabPanel value="chat" active={active} lazy>
                  <ChatTab community={community} members={members} />
                </TabPanel>
                <TabPanel value="courses" active={active} lazy>
                  <CoursesTab communityId={community.id} canEdit={can.administer} />
                </TabPanel>
                <TabPanel value="leaderboard" active={active} lazy>
                  {me.data && <LeaderboardTab communityId={community.id} isOwner={access.role === 'owner'} viewerId={me.data.id} />}
                </TabPanel>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Sidebar community={community} access={access} members={members} pendingCount={pendingCount} openReports={openReports} activeTab={active} />
              </Grid.Col>
            </Grid>
          </div>
        </Stack>
      </Container>
    </PresenceProvider>
  );
}
