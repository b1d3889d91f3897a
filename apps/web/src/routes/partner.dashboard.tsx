import { createFileRoute } from '@tanstack/react-router';
import { PartnerDashboard } from './-components/partners/PartnerDashboard.tsx';

/** Open to visitors too, who are asked to log in for their referral link. */
export const Route = createFileRoute('/partner/dashboard')({
  component: PartnerDashboard,
});
