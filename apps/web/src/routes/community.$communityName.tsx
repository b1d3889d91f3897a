import { createFileRoute } from '@tanstack/react-router';
import { CommunityPage } from './-components/community/CommunityPage.tsx';
import { fetchCommunityAndStanding } from './-components/community/queries.ts';
import { MEMBER_TABS, type MemberTab } from '../lib/community-tabs.ts';
import { oneOf, textParam, uuidParam } from '../lib/search.ts';

/**
 * ?tab= keeps the member view's tab across reloads; ?edit=1 opens the owner's 'Edit information' form;
 * ?with= the chat tab's open conversation (the other person's id; the server decides who may be asked);
 * ?post= (with ?comment=) shows one post above the feed with its comments open, that comment marked;
 * ?event= opens one event's panel. The bell's notifications lead to these.
 */
const validateSearch = (search: Record<string, unknown>): { tab?: MemberTab; edit?: 1; with?: string; post?: string; comment?: string; event?: string } => ({
  tab: oneOf(MEMBER_TABS, search.tab),
  edit: search.edit === 1 ? 1 : undefined,
  with: textParam(search.with, 64),
  post: uuidParam(search.post),
  comment: uuidParam(search.comment),
  event: uuidParam(search.event),
});

/** A community's page, public: visitors see the non-member view with a way to join. */
export const Route = createFileRoute('/community/$communityName')({
  validateSearch,
  loader: ({ context, params, location }) => {
    // Start loading while the route resolves (the community and the standing in one request); the page
    // shows its own loading and error states.
    const first = fetchCommunityAndStanding(context.queryClient, context.trpc, params.communityName.trim());
    // The rest of the first screen, from a module of its own that loads meanwhile (the entry stays small).
    const search = location.search as { tab?: MemberTab; with?: string };
    const page = import('./-components/community/prefetch.ts').then(({ prefetchCommunityPage }) => prefetchCommunityPage(context, first, search.tab ?? 'posts', search.with));
    context.renderWaitsFor?.(page);
  },
  component: Community,
});

function Community() {
  const { communityName } = Route.useParams();
  const { tab = 'posts', edit } = Route.useSearch();
  return <CommunityPage name={communityName.trim()} tab={tab} editing={edit === 1} />;
}
