import { Box } from '@mantine/core';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound.tsx';
import { TopBar } from '../components/TopBar.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <TopBar />
      <Box component="main">
        <Outlet />
      </Box>
    </>
  );
}
