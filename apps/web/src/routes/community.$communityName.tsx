import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CommunityPage } from './-components/community/CommunityPage.tsx';
import { communityQueryOptions } from './-components/community/queries.ts';
import { MEMBER_TABS } from './-components/community/tabs.ts';

/**
 * ?tab= keeps the member view's tab across reloads; ?edit=1 opens the owner's 'Edit information' form;
 * ?with= the chat tab's open conversation (the other person's id; the server decides who may be asked).
 */
const searchSchema = z.object({
  tab: z.enum(MEMBER_TABS).optional().catch(undefined),
  edit: z.literal(1).optional().catch(undefined),
  with: z.string().max(64).optional().catch(undefined),
});

/** A community's page, public: visitors see the non-member view with a way to join. */
export const Route = createFileRoute('/community/$communityName')({
  validateSearch: searchSchema,
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
