import { communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES, joinInput, JOIN_QUESTION_MESSAGES } from '@app/shared/communities';
import { PARTNER_MESSAGES } from '@app/shared/partners';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { admissionRefused, admitOrThrow, isBanned, loadCommunity, membershipOf, refuseWhileDeclined } from './service.ts';
import { membershipTopic } from './events.ts';
import { notify } from '../notifications/service.ts';

/**
 * Joining: a free public community admits at once (a seat permitting); a private one records a
 * pending request for the owner, with the answers to its join questions (all required); a paid one is joined through payments.createCheckout instead.
 */
export const join = protectedProcedure.meta({ rateLimit: 'membership:join' }).input(joinInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const community = await loadCommunity(tx, input.communityId);
    // The partners' forum is joined by joining the partner programme (partners.join), never here.
    if (community.isForum) throw new AppError('FORBIDDEN', PARTNER_MESSAGES.forumPartnersOnly);
    const existing = community.ownerId === userId ? ({ status: 'approved' } as const) : await membershipOf(tx, community.id, userId);
    if (existing?.status === 'approved') throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyMember);
    if (existing?.status === 'pending') throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyPending);
    if (await isBanned(tx, community.id, userId)) throw admissionRefused('banned');
    // A declined request or a removal waits JOIN_RETRY_DAYS before asking again, whatever the way in.
    await refuseWhileDeclined(tx, community.id, userId);
    if (community.membershipAmountCents > 0) throw new AppError('PRECONDITION_FAILED', COMMUNITY_MESSAGES.paymentRequired);
    if (community.availableSeats !== null && community.membersCount >= community.availableSeats) {
      throw new AppError('CONFLICT', COMMUNITY_MESSAGES.noSeats);
    }

    if (community.isPrivate) {
      // Every question the community asks is answered (the answers kept with the questions as asked).
      const questions = community.joinQuestions;
      if (input.answers.length !== questions.length || input.answers.some((a) => a === '')) throw new AppError('BAD_REQUEST', JOIN_QUESTION_MESSAGES.answersRequired);
      const joinAnswers = questions.length > 0 ? questions.map((question, i) => ({ question, answer: input.answers[i]! })) : null;
      const [request] = await tx
        .insert(communityMembers)
        .values({ communityId: community.id, userId, role: 'member', status: 'pending', joinAnswers })
        .onConflictDoNothing()
        .returning({ id: communityMembers.id });
      if (!request) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.alreadyPending);
      await publish(tx, membershipTopic(community.id), { type: 'request.opened', userId });
      await notify(tx, [{ recipientId: community.ownerId, kind: 'join.requested', actorId: userId, communityId: community.id, groupKey: `join.requested:${community.id}` }]);
      return { status: 'pending' as const, membersCount: community.membersCount };
    }
    const { membersCount } = await admitOrThrow(tx, community.id, userId);
    return { status: 'approved' as const, membersCount };
  });
});
