import { createFileRoute } from '@tanstack/react-router';
import { PartnerOverview } from './-components/partners/PartnerOverview.tsx';

export const Route = createFileRoute('/partner/')({
  component: PartnerOverview,
});
