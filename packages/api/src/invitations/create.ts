import { createInviteInput, INVITE_MESSAGES } from '@app/shared/invitations';
import { AppError } from '../core/errors.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { loadCommunity } from '../membership/service.ts';
import { createInvite, expiryOf, invitesChanged, requireRoomForLink } from './service.ts';

/** The owner or an admin makes an invite link: when it expires (1, 7 or 30 days, or never) and how many may use it. */
export const create = communityAdminProcedure.input(createInviteInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    // Links of one community are made one at a time, so the cap on working links holds.
    const community = await loadCommunity(tx, ctx.community.id, { lock: true });
    if (community.isForum) throw new AppError('FORBIDDEN', INVITE_MESSAGES.forum);
    await requireRoomForLink(tx, community.id);
    const invite = await createInvite(tx, { communityId: community.id, createdBy: ctx.user.id, expiresAt: expiryOf(input.expiresIn), maxUses: input.maxUses });
    await invitesChanged(tx, community.id);
    return { id: invite.id, token: invite.token, expiresAt: invite.expiresAt, maxUses: invite.maxUses, uses: invite.uses };
  }),
);
