import { searchInput } from '@app/shared/search';
import { mayAdminister } from '../core/access.ts';
import { memberProcedure } from '../core/trpc.ts';
import { searchCommunity } from './service.ts';

/** Searches one community for a member: posts (and poll options), comments, members, courses and lessons. */
export const community = memberProcedure.input(searchInput).query(({ ctx, input }) => searchCommunity(ctx.db, ctx.community, ctx.user.id, input, mayAdminister(ctx)));
