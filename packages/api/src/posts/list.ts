import { listPostsInput } from '@app/shared/posts';
import { memberProcedure } from '../core/trpc.ts';
import { feedSeen } from '../notifications/summary.ts';
import { feedPage } from './feedOrder.ts';

/** A page of the community's feed in the chosen category and sort, for its members; the first page marks the feed seen. */
export const list = memberProcedure.input(listPostsInput).query(async ({ ctx, input }) => {
  const page = await feedPage(ctx.db, ctx.user.id, input);
  if (!input.cursor) await feedSeen(ctx.db, ctx.community.id, ctx.user.id);
  return page;
});

