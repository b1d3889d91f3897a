import { communitiesOfProfileInput } from '@app/shared/communities';
import { publicProcedure } from '../trpc.ts';
import { memberOf, ownedBy } from './service.ts';

/**
 * A profile page's two grids: the communities the person owns, and those they joined as an
 * approved member (pending requests and their own communities are left out).
 */
export const ofProfile = publicProcedure.input(communitiesOfProfileInput).query(async ({ ctx, input }) => {
  const [owned, joined] = await Promise.all([ownedBy(ctx.db, input.userId), memberOf(ctx.db, input.userId, 'approved')]);
  return { owned, joined };
});
