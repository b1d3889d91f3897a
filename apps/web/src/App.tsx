import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, directionOf } from './i18n/locale.ts';
import { type createClient, TRPCProvider } from './lib/trpc.ts';
import type { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const NotificationsHost = lazy(() => import('./components/NotificationsHost.tsx'));

interface AppProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createClient>;
  router: ReturnType<typeof createAppRouter>;
  /** Called once the app has committed its first render (or hydration) to the page. */
  onCommitted?: () => void;
}

/**
 * Keeps Mantine's direction with the interface language (Arabic is right to left). Only a change is
 * set: setting the same direction still renders the provider again, whose context value is a new
 * object each time, and on a page being hydrated that makes React hydrate every part that reads the
 * direction at once, in one long task (a second on a phone, measured on the posts tab).
 */
function DirectionOfLanguage() {
  useTranslation(); // render again when the language changes
  const { dir, setDirection } = useDirection();
  const wanted = directionOf(currentLanguage());
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
  }, [dir, wanted, setDirection]);
  return null;
}

/** Tells, once, that the tree has been committed: effects run after every element before them has. */
function Committed({ onCommitted }: { onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted]);
  return null;
}

/** The whole app, the same in the browser and when public pages are rendered ahead of time (prerender.tsx). */
export function App({ queryClient, trpcClient, router, onCommitted }: AppProps) {
  useTranslation(); // render again when the language changes
  return (
    <StrictMode>
      <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
        <DirectionOfLanguage />
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <Suspense>
            <NotificationsHost />
          </Suspense>
          <QueryClientProvider client={queryClient}>
            <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
              <RouterProvider router={router} />
            </TRPCProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
      {onCommitted && <Committed onCommitted={onCommitted} />}
    </StrictMode>
  );
}
