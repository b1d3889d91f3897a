import { byNameInput } from '@app/shared/communities';
import { publicProcedure } from '../core/trpc.ts';
import { communityDetails, namedCommunity } from './service.ts';

/** A community by its name, case-insensitively (names are unique that way), for anyone. */
export const byName = publicProcedure.input(byNameInput).query(({ ctx, input }) => communityDetails(ctx.db, namedCommunity(input.name)));
