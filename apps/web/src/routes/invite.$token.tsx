import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from './-components/invite/InvitePage.tsx';

/**
 * An invite link (invitations domain): anyone holding it sees the community; signed in, they accept
 * and join. ?accept=1 is where 'Sign in to accept' comes back to: the invite is accepted on arrival.
 */
export const Route = createFileRoute('/invite/$token')({
  validateSearch: (search: Record<string, unknown>): { accept?: 1 } => ({ accept: search.accept === 1 || search.accept === '1' ? 1 : undefined }),
  component: Invite,
});

function Invite() {
  const { token } = Route.useParams();
  const { accept } = Route.useSearch();
  return <InvitePage token={token} acceptOnArrival={accept === 1} />;
}
