import { communityIdInput } from '@app/shared/communities';
import { communityAdminProcedure } from '../core/trpc.ts';
import { listInvites } from './service.ts';

/**
 * The community's invites for its owner and admins, newest first (at most 100, revoked ones gone):
 * links and e-mail invites, each with its uses, limit, expiry, who made it and, when it no longer
 * admits anyone, why (`problem`).
 */
export const list = communityAdminProcedure.input(communityIdInput).query(({ ctx }) => listInvites(ctx.db, ctx.community.id));
