import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PartnerShell } from './-components/partners/PartnerShell.tsx';

/** The partner pages share the side menu (Page Contents, Dashboard, Forum). */
export const Route = createFileRoute('/partner')({
  component: () => (
    <PartnerShell>
      <Outlet />
    </PartnerShell>
  ),
});
