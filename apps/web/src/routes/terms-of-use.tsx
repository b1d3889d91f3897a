import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, useLegalDocument } from '../components/LegalPage.tsx';

/** When this page's text (i18n/en/legal.json, legal.termsOfUse) last changed. */
const UPDATED = '2026-11-23';

export const Route = createFileRoute('/terms-of-use')({
  component: TermsOfUsePage,
});

function TermsOfUsePage() {
  const doc = useLegalDocument('termsOfUse');
  return <LegalPage {...doc} updated={UPDATED} />;
}
