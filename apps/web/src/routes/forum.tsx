import { createFileRoute } from '@tanstack/react-router';
import { ForumPage } from './-components/partners/ForumPage.tsx';
import { PartnerShell } from './-components/partners/PartnerShell.tsx';

/** The partners' forum, reached from the partner pages' side menu. */
export const Route = createFileRoute('/forum')({
  component: () => (
    <PartnerShell>
      <ForumPage />
    </PartnerShell>
  ),
});
