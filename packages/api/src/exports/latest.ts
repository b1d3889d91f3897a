import { protectedProcedure } from '../core/trpc.ts';
import { latestExport } from './service.ts';

/** The caller's latest export that has not expired (preparing, ready with its link and expiry, or failed), or null. */
export const latest = protectedProcedure.query(({ ctx }) => latestExport(ctx.db, ctx.user.id));
