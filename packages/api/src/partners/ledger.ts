import { partnerPageInput } from '@app/shared/partners';
import { partnerProcedure } from './procedures.ts';
import { ledgerPage, payoutsPage } from './statements.ts';

/** The partner's earnings ledger, newest first, a page at a time. */
export const ledger = partnerProcedure.input(partnerPageInput).query(({ ctx, input }) => ledgerPage(ctx.db, ctx.partner.userId, input));

/** The payouts recorded for the partner, newest first, a page at a time. */
export const payouts = partnerProcedure.input(partnerPageInput).query(({ ctx, input }) => payoutsPage(ctx.db, ctx.partner.userId, input));
