import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, useLegalDocument } from '../components/LegalPage.tsx';

/** When this page's text (i18n/en/legal.json, legal.privacyPolicy) last changed. */
const UPDATED = '2026-11-23';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  const doc = useLegalDocument('privacyPolicy');
  return <LegalPage {...doc} updated={UPDATED} />;
}
