import { Box } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ClosedAccountGate } from '../components/ClosedAccountGate.tsx';
import { HydratesApart } from '../components/HydratesApart.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { EAGER_PATHS, loadCatalogs } from '../i18n/index.ts';
import type { RouterContext } from '../lib/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Pages beyond a visitor's first ones wait for the rest of the UI text (loading since start).
  beforeLoad: ({ location }) => (EAGER_PATHS.has(location.pathname) ? undefined : loadCatalogs()),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <HydratesApart>
        <TopBar />
        <ClosedAccountGate />
      </HydratesApart>
      <Box component="main">
        <Outlet />
      </Box>
    </>
  );
}
