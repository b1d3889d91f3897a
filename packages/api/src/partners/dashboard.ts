import { partnerProcedure } from './procedures.ts';
import { partnerDashboard } from './service.ts';

/** The partner's dashboard: counts, referred communities, totals and the ledger by month. */
export const dashboard = partnerProcedure.query(({ ctx }) => partnerDashboard(ctx.db, ctx.partner));
