import { protectedProcedure } from '../core/trpc.ts';
import { accountStatus } from './service.ts';

/** Whether the caller's account is closed, when it will be erased, and the communities they own (which stop a deletion). */
export const status = protectedProcedure.meta({ whileClosed: true }).query(({ ctx }) => accountStatus(ctx.db, ctx.user.id));
