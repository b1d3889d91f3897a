import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './styles.css';
import './i18n/index.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberReferral } from './lib/storage-keys.ts';
import { createClient, createOptions, createQueryClient, TRPCProvider } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

rememberReferral(window.location.search);

const NotificationsHost = lazy(() => import('./components/NotificationsHost.tsx'));

const queryClient = createQueryClient();
const trpcClient = createClient();
const router = createAppRouter({ queryClient, trpc: createOptions(trpcClient, queryClient) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
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
  </StrictMode>,
);
