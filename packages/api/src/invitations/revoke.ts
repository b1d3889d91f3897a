import { communityInvites } from '@app/db/schema';
import { INVITE_MESSAGES, revokeInviteInput } from '@app/shared/invitations';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { invitesChanged } from './service.ts';

/** The owner or an admin turns an invite off: its link says so from then on. Another community's invite is NOT_FOUND. */
export const revoke = communityAdminProcedure.input(revokeInviteInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(communityInvites)
      .set({ revokedAt: new Date() })
      .where(and(eq(communityInvites.id, input.inviteId), eq(communityInvites.communityId, ctx.community.id), isNull(communityInvites.revokedAt)))
      .returning({ id: communityInvites.id });
    if (!revoked) throw new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
    await invitesChanged(tx, ctx.community.id);
    return { id: revoked.id };
  }),
);
