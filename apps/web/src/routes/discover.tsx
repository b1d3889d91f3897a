import { createFileRoute } from '@tanstack/react-router';
import { Discover } from './-components/discover/Discover.tsx';

/** Discover for everyone: visitors browse communities and people too (spec section 6); joining sends them to sign in and back. */
export const Route = createFileRoute('/discover')({
  component: Discover,
});
