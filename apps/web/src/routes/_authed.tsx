import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { rememberRedirect } from '../lib/auth.ts';

/** Pages for signed-in people: a spinner while the profile loads, /login when nobody is signed in. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(context.trpc.profiles.me.queryOptions());
    if (!me) {
      rememberRedirect(location.href);
      throw redirect({ to: '/login' });
    }
    return { me };
  },
  component: Outlet,
});
