import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from './-components/invite/InvitePage.tsx';

/** An invite link (invitations domain): anyone holding it sees the community; signed in, they accept and join. */
export const Route = createFileRoute('/invite/$token')({
  component: Invite,
});

function Invite() {
  const { token } = Route.useParams();
  return <InvitePage token={token} />;
}
