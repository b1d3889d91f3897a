import { profiles } from '@app/db/schema';
import { closeAccountInput, DELETION_MESSAGES, eraseDate } from '@app/shared/deletion';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { suspendMemberships } from '../membership/closing.ts';
import { endAllSessions } from '../platform/auth/session.ts';
import { lockAccount, ownedCommunities } from './service.ts';

/**
 * 'Delete my account', confirmed by typing one's username: in one transaction the account is
 * closed (hidden from people lists and profiles), its memberships suspended and paid ones
 * cancelled (membership/closing.ts), and every session of it ended, so each open page is signed
 * out. The erasure job erases it ACCOUNT_ERASE_DAYS later (erase.ts); signing in before then
 * offers to restore it. Refused while the person owns a community: hand it over or delete it first.
 */
export const close = protectedProcedure.input(closeAccountInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, ctx.user.id);
    if (account.username.toLowerCase() !== input.username.toLowerCase()) throw new AppError('BAD_REQUEST', DELETION_MESSAGES.usernameMismatch);
    if (account.closedAt) return { closedAt: account.closedAt, eraseAt: eraseDate(account.closedAt) };
    if ((await ownedCommunities(tx, ctx.user.id)).length > 0) throw new AppError('CONFLICT', DELETION_MESSAGES.ownsCommunities);
    const [row] = await tx.update(profiles).set({ closedAt: sql`now()` }).where(eq(profiles.id, ctx.user.id)).returning({ closedAt: profiles.closedAt });
    await suspendMemberships(tx, ctx.user.id);
    await endAllSessions(tx, ctx.user.id);
    return { closedAt: row!.closedAt!, eraseAt: eraseDate(row!.closedAt!) };
  }),
);
