import { partnerBalancesInput, recordPayoutInput } from '@app/shared/partners';
import { adminProcedure } from '../core/trpc.ts';
import { partnerBalances, recordPayout as record } from './accounts.ts';

/** Platform admins: every partner's earned, paid and pending totals, those owed most first. */
export const balances = adminProcedure.input(partnerBalancesInput).query(({ ctx, input }) => partnerBalances(ctx.db, input));

/** Platform admins: a payout made to a partner, moving that much of their pending balance to paid. */
export const recordPayout = adminProcedure
  .meta({ rateLimit: 'partner:payout' })
  .input(recordPayoutInput)
  .mutation(({ ctx, input }) => record(ctx.db, ctx.user.id, input));
