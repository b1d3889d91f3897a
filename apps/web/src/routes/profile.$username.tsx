import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from './-components/profiles/ProfilePage.tsx';

/** A public profile: visitors may view it too. */
export const Route = createFileRoute('/profile/$username')({
  component: PublicProfile,
});

function PublicProfile() {
  const { username } = Route.useParams();
  return <ProfilePage username={username.trim()} />;
}
