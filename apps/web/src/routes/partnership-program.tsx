import { createFileRoute, redirect } from '@tanstack/react-router';

/** The account menu's 'Partnership Program' (spec route) is the partner overview. */
export const Route = createFileRoute('/partnership-program')({
  beforeLoad: () => {
    throw redirect({ to: '/partner', replace: true });
  },
});
