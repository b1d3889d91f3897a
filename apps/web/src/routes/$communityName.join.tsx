import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { z } from 'zod';
import { rememberReferralCode } from '../lib/storage-keys.ts';
import { JoinPage } from './-components/join/JoinPage.tsx';

const searchSchema = z.object({
  /** A partner's referral code; kept unless one is stored already. */
  ref: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/$communityName/join')({
  validateSearch: searchSchema,
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
