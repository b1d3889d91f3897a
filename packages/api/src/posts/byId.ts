import { postIdInput } from '@app/shared/posts';
import { memberProcedure } from '../core/trpc.ts';
import { feedItem } from './service.ts';

/** One post as a feed item, for its community's members: what a link to a post (from the bell) opens. */
export const byId = memberProcedure.input(postIdInput).query(({ ctx, input }) => feedItem(ctx.db, input.postId, ctx.user.id));
