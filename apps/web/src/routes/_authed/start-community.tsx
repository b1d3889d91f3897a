import { createFileRoute } from '@tanstack/react-router';
import { CreateCommunityWizard } from './-components/start-community/CreateCommunityWizard.tsx';

/** Login required: the _authed layout sends visitors to /login ('Please login to create a community.'). */
export const Route = createFileRoute('/_authed/start-community')({
  component: StartCommunity,
});

function StartCommunity() {
  const { me } = Route.useRouteContext();
  return <CreateCommunityWizard contactEmail={me.contactEmail ?? me.email} />;
}
