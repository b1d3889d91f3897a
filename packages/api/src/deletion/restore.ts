import { profiles } from '@app/db/schema';
import { DELETION_MESSAGES } from '@app/shared/deletion';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { resumeMemberships } from '../membership/closing.ts';
import { announcePersonChanged } from '../platform/auth/session.ts';
import { lockAccount } from './service.ts';

/**
 * 'Restore my account', for a closed account signed in again before its erasure: open again, in its
 * communities again (the free memberships it kept; paid ones ended when it closed).
 */
export const restore = protectedProcedure.meta({ whileClosed: true }).mutation(({ ctx }) =>
  ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, ctx.user.id);
    if (!account.closedAt) throw new AppError('BAD_REQUEST', DELETION_MESSAGES.notClosed);
    await tx.update(profiles).set({ closedAt: null }).where(eq(profiles.id, ctx.user.id));
    // The session carries the account's closing: every process reads it again.
    await announcePersonChanged(tx, ctx.user.id);
    await resumeMemberships(tx, ctx.user.id);
    return { restored: true };
  }),
);
