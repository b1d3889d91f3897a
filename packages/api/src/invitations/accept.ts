import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { inviteProblem, inviteTokenInput } from '@app/shared/invitations';
import { AppError } from '../core/errors.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { membershipTopic } from '../membership/events.ts';
import { admissionRefused, admitMember, isBanned, loadCommunity, membershipOf } from '../membership/service.ts';
import { inviteByToken, invitesChanged, inviteRefused, takeUse } from './service.ts';

/**
 * A signed-in person accepts an invite and joins at once: a private community admits them without
 * a request (a pending one is approved; a declined one's wait does not apply, an admin asked them
 * in), a seat permitting. Someone the community banned cannot; an expired, revoked or used-up link
 * says so. A paid community is joined by paying (PRECONDITION_FAILED: the page goes on to the
 * checkout, and the link's use is not counted). Already a member: nothing changes.
 */
export const accept = protectedProcedure.meta({ rateLimit: 'membership:join' }).input(inviteTokenInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const { invite, community: named } = await inviteByToken(tx, input.token);
    const community = await loadCommunity(tx, named.id);
    const existing = community.ownerId === userId ? ({ status: 'approved' } as const) : await membershipOf(tx, community.id, userId);
    if (existing?.status === 'approved') return { status: 'approved' as const, communityName: community.name, alreadyMember: true };
    if (await isBanned(tx, community.id, userId)) throw admissionRefused('banned');
    const problem = inviteProblem(invite);
    if (problem) throw inviteRefused(problem);
    if (community.membershipAmountCents > 0) throw new AppError('PRECONDITION_FAILED', COMMUNITY_MESSAGES.paymentRequired);
    await takeUse(tx, invite);
    const admission = await admitMember(tx, community.id, userId);
    if (!admission.admitted) throw admissionRefused(admission.reason);
    // A request they had made is answered by the invite: the moderators' lists drop it.
    if (existing?.status === 'pending') await publish(tx, membershipTopic(community.id), { type: 'request.closed', userId });
    await invitesChanged(tx, community.id);
    return { status: 'approved' as const, communityName: community.name, alreadyMember: false };
  });
});
