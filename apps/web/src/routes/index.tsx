import { createFileRoute } from '@tanstack/react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { useMe } from '../lib/auth.ts';
import { Discover } from './-components/discover/Discover.tsx';
import { Landing } from './-components/landing/Landing.tsx';

/** Home: the landing page for visitors, Discover for signed-in people. */
export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  const me = useMe();
  if (me.isPending) return <FullPageLoader />;
  return me.data ? <Discover /> : <Landing />;
}
