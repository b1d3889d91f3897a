import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, useLegalDocument } from '../components/LegalPage.tsx';

/** When this page's text (i18n/en/legal.json, legal.refundPolicy) last changed. */
const UPDATED = '2026-11-23';

export const Route = createFileRoute('/refund-policy')({
  component: RefundPolicyPage,
});

function RefundPolicyPage() {
  const doc = useLegalDocument('refundPolicy');
  return <LegalPage {...doc} updated={UPDATED} />;
}
