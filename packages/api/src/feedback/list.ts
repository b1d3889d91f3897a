import { listFeedbackInput } from '@app/shared/feedback';
import { protectedProcedure } from '../trpc.ts';
import { wallPage } from './service.ts';

/** A page of the feedback wall, newest first, for signed-in people. */
export const list = protectedProcedure.input(listFeedbackInput).query(({ ctx, input }) => wallPage(ctx.db, input));
