import { createFileRoute } from '@tanstack/react-router';
import { CommunityPage } from './-components/community/CommunityPage.tsx';
import { communityQueryOptions } from './-components/community/queries.ts';
import { MEMBER_TABS, type MemberTab } from '../lib/community-tabs.ts';
import { oneOf, textParam } from '../lib/search.ts';

/**
 * ?tab= keeps the member view's tab across reloads; ?edit=1 opens the owner's 'Edit information' form;
 * ?with= the chat tab's open conversation (the other person's id; the server decides who may be asked).
 */
const validateSearch = (search: Record<string, unknown>): { tab?: MemberTab; edit?: 1; with?: string } => ({
  tab: oneOf(MEMBER_TABS, search.tab),
  edit: search.edit === 1 ? 1 : undefined,
  with: textParam(search.with, 64),
});

/** A community's page, public: visitors see the non-member view with a way to join. */
export const Route = createFileRoute('/community/$communityName')({
  validateSearch,
  loader: ({ context, params }) => {
    // Start loading while the route resolves; the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(communityQueryOptions(context.trpc, params.communityName.trim()));
  },
  component: Community,
});

function Community() {
  const { communityName } = Route.useParams();
  const { tab = 'posts', edit } = Route.useSearch();
  return <CommunityPage name={communityName.trim()} tab={tab} editing={edit === 1} />;
}
