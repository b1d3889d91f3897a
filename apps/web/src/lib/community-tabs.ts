/** The member view's tabs, in order; 'posts' is the default and the only one without a back button. */
export const MEMBER_TABS = ['posts', 'about', 'members', 'invites', 'chat', 'courses', 'leaderboard', 'reports', 'moderation-log'] as const;
/** The moderators' views, reached from the control panel (no tab of their own in the bar). */
export const MODERATION_TABS: readonly MemberTab[] = ['invites', 'reports', 'moderation-log'];
export type MemberTab = (typeof MEMBER_TABS)[number];

/** The search that shows a tab: the default tab keeps the address clean. */
export function tabSearch(tab: MemberTab, edit = false) {
  return { tab: tab === 'posts' ? undefined : tab, edit: edit ? (1 as const) : undefined };
}
