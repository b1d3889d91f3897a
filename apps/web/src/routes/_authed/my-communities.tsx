import { createFileRoute } from '@tanstack/react-router';
import { MyCommunities } from './-components/my-communities/MyCommunities.tsx';

export const Route = createFileRoute('/_authed/my-communities')({
  component: MyCommunities,
});
