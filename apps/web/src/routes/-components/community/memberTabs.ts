import { lazyNamed } from '../../../lib/lazy.ts';
import type { MemberTab } from '../../../lib/community-tabs.ts';

/*
 * The member view's tabs other than the posts (the first screen), each in a chunk of its own that
 * loads when the tab is opened, when a pointer or the focus reaches its tab, or from the route's
 * loader when the address names it: the posts tab no longer carries the chat, the courses, the
 * leaderboard and the moderators' tools.
 */
export const AboutTab = lazyNamed('src/routes/-components/community/AboutTab.tsx', () => import('./AboutTab.tsx').then((module) => module.AboutTab));
export const MembersTab = lazyNamed('src/routes/-components/community/MembersTab.tsx', () => import('./MembersTab.tsx').then((module) => module.MembersTab));
export const InvitesTab = lazyNamed('src/routes/-components/community/InvitesTab.tsx', () => import('./InvitesTab.tsx').then((module) => module.InvitesTab));
export const ReportsTab = lazyNamed('src/routes/-components/community/moderation/ReportsTab.tsx', () => import('./moderation/ReportsTab.tsx').then((module) => module.ReportsTab));
export const ModerationLogTab = lazyNamed('src/routes/-components/community/moderation/ModerationLogTab.tsx', () => import('./moderation/ModerationLogTab.tsx').then((module) => module.ModerationLogTab));
export const ChatTab = lazyNamed('src/routes/-components/community/chat/ChatTab.tsx', () => import('./chat/ChatTab.tsx').then((module) => module.ChatTab));
export const CoursesTab = lazyNamed('src/routes/-components/courses/CoursesTab.tsx', () => import('../courses/CoursesTab.tsx').then((module) => module.CoursesTab));
export const LeaderboardTab = lazyNamed('src/routes/-components/levels/LeaderboardTab.tsx', () => import('../levels/LeaderboardTab.tsx').then((module) => module.LeaderboardTab));

const TABS: Partial<Record<MemberTab, { preload: () => Promise<unknown> }>> = {
  about: AboutTab,
  members: MembersTab,
  invites: InvitesTab,
  reports: ReportsTab,
  'moderation-log': ModerationLogTab,
  chat: ChatTab,
  courses: CoursesTab,
  leaderboard: LeaderboardTab,
};

/**
 * Starts loading a tab's code (nothing for the posts tab, which is part of the page's own); settles
 * once it is here or has failed (a failure shows when the tab draws).
 */
export function preloadTab(tab: MemberTab): Promise<unknown> {
  return TABS[tab]?.preload().catch(() => undefined) ?? Promise.resolve();
}
