import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { loadCatalogs } from '../i18n/index.ts';
import { useMe } from '../lib/auth.ts';
import { Landing } from './-components/landing/Landing.tsx';

// Signed-in people get Discover, with its own code and text; a visitor's landing needs neither.
const Discover = lazy(() =>
  Promise.all([import('./-components/discover/Discover.tsx'), loadCatalogs()]).then(([module]) => ({ default: module.Discover })),
);

/** Home: the landing page for visitors, Discover for signed-in people. */
export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  const me = useMe();
  if (me.isPending) return <FullPageLoader />;
  return me.data ? (
    <Suspense fallback={<FullPageLoader />}>
      <Discover />
    </Suspense>
  ) : (
    <Landing />
  );
}
