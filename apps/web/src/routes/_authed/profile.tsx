import { createFileRoute, redirect } from '@tanstack/react-router';

/** The second, protected entry: the signed-in person's own profile. */
export const Route = createFileRoute('/_authed/profile')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: '/profile/$username', params: { username: context.me.username }, replace: true });
  },
});
