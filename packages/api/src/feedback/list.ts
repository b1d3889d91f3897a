import { listFeedbackInput } from '@app/shared/feedback';
import { protectedProcedure } from '../core/trpc.ts';
import { wallPage } from './service.ts';

/**
 * A page of the feedback wall, newest first, for signed-in people; `moderator` tells the page
 * whether the viewer is a platform admin, who may remove anyone's feedback and comments.
 */
export const list = protectedProcedure
  .input(listFeedbackInput)
  .query(async ({ ctx, input }) => ({ ...(await wallPage(ctx.db, input)), moderator: ctx.isAdmin }));
