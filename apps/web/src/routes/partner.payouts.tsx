import { createFileRoute } from '@tanstack/react-router';
import { PayoutsAdmin } from './-components/partners/PayoutsAdmin.tsx';

/** Platform admins record payouts here; everyone else is told it is theirs only. */
export const Route = createFileRoute('/partner/payouts')({
  component: PayoutsAdmin,
});
