import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { textParam } from '../lib/search.ts';
import { rememberReferralCode } from '../lib/storage-keys.ts';
import { JoinPage } from './-components/join/JoinPage.tsx';

/** ?ref=: a partner's referral code; kept unless one is stored already. */
const validateSearch = (search: Record<string, unknown>): { ref?: string } => ({ ref: textParam(search.ref) });

export const Route = createFileRoute('/$communityName/join')({
  validateSearch,
  component: CommunityJoin,
});

function CommunityJoin() {
  const { communityName } = Route.useParams();
  const { ref } = Route.useSearch();
  useEffect(() => {
    rememberReferralCode(ref);
  }, [ref]);
  return <JoinPage name={communityName} />;
}
