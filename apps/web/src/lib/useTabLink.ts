import { useParams } from '@tanstack/react-router';
import { tabSearch, type MemberTab } from './community-tabs.ts';

/** Link props that open a tab of the current community page (so it survives a reload). */
export function useTabLink() {
  const { communityName } = useParams({ from: '/community/$communityName' });
  return (tab: MemberTab, edit = false) => ({
    to: '/community/$communityName' as const,
    params: { communityName },
    search: tabSearch(tab, edit),
  });
}
