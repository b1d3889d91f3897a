import { listPostsInput } from '@app/shared/posts';
import { memberProcedure } from '../core/trpc.ts';
import { feedPage } from './service.ts';

/** A page of the community's feed, newest first, for its members. */
export const list = memberProcedure.input(listPostsInput).query(({ ctx, input }) => feedPage(ctx.db, ctx.user.id, input));
