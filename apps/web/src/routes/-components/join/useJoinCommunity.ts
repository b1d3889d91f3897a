import type { AppRouter } from '@app/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { rememberRedirect } from '../../../lib/auth.ts';
import { STORAGE, store } from '../../../lib/storage-keys.ts';
import { capabilitiesOf } from '@app/shared/plain/roles';
import { JOIN_QUESTION_MESSAGES } from '@app/shared/plain/communities';
import { useTRPC } from '../../../lib/trpc.ts';

export type JoinCommunity = inferRouterOutputs<AppRouter>['communities']['byName'];

export const isFull = (community: JoinCommunity) => community.availableSeats !== null && community.membersCount >= community.availableSeats;

/**
 * The join button's action (spec section 4, 'Membership'): visitors are sent to sign in with the
 * join remembered; paid communities go to the external checkout; free ones join at once, private
 * ones record a request for the owner.
 */
export function useJoinCommunity(community: JoinCommunity | undefined, signedIn: boolean) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const join = useMutation(
    trpc.membership.join.mutationOptions({
      onSuccess: (result, { communityId }) => {
        // The count moves at once; the status change shows the pending screen or leaves for the community page.
        queryClient.setQueriesData<JoinCommunity>({ queryKey: trpc.communities.byName.queryKey() }, (old) =>
          old?.id === communityId ? { ...old, membersCount: result.membersCount } : old,
        );
        queryClient.setQueryData(trpc.membership.status.queryKey({ communityId }), { status: result.status, role: 'member' as const, can: capabilitiesOf(null), askAgainAt: null });
        void queryClient.invalidateQueries({ queryKey: trpc.communities.mine.queryKey() });
      },
      onError: (e, { communityId }) => {
        const fallback = community?.isPrivate ? t('join.requestFailed') : t('join.joinFailed');
        setError(serverText(e.message) || fallback);
        // Already a member or already pending: the fresh status shows the right screen; no seats: the fresh count.
        void queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey({ communityId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.communities.byName.queryKey() });
      },
    }),
  );

  const checkout = useMutation(
    trpc.payments.createCheckout.mutationOptions({
      onSuccess: ({ checkoutUrl }) => {
        if (!checkoutUrl) {
          setError(t('join.paymentUrlFailed'));
          return;
        }
        setLeaving(true);
        window.location.assign(checkoutUrl);
      },
      onError: (e) => setError(t('join.paymentFailed', { message: serverText(e.message) })),
    }),
  );

  /** A private community's request answers its questions (each required): the panel's fields. */
  const asksQuestions = !!community && community.isPrivate && community.membershipAmountCents === 0 && community.joinQuestions.length > 0;

  function start(answers: string[] = []) {
    if (!community || isFull(community)) return;
    setError(null);
    if (!signedIn) {
      // After sign-in the login page brings the visitor back here, and the join resumes by itself.
      store.set(STORAGE.pendingJoin, community.name);
      rememberRedirect(location.href);
      void router.navigate({ to: '/login' });
      return;
    }
    if (community.membershipAmountCents > 0) checkout.mutate({ communityId: community.id, checkoutType: 'monthly' });
    else if (asksQuestions && (answers.length !== community.joinQuestions.length || answers.some((a) => a.trim() === ''))) setError(serverText(JOIN_QUESTION_MESSAGES.answersRequired));
    else join.mutate({ communityId: community.id, answers: asksQuestions ? answers.map((a) => a.trim()) : [] });
  }

  return { start, asksQuestions, error, busy: join.isPending || checkout.isPending || leaving, toCheckout: checkout.isPending || leaving };
}
