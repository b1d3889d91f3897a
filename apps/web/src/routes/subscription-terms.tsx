import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, useLegalDocument } from '../components/LegalPage.tsx';

/** When this page's text (i18n/en/legal.json, legal.subscriptionTerms) last changed. */
const UPDATED = '2026-11-23';

export const Route = createFileRoute('/subscription-terms')({
  component: SubscriptionTermsPage,
});

function SubscriptionTermsPage() {
  const doc = useLegalDocument('subscriptionTerms');
  return <LegalPage {...doc} updated={UPDATED} />;
}
