import { communitiesOfProfileInput } from '@app/shared/communities';
import { publicProcedure } from '../core/trpc.ts';
import { memberOf, ownedBy } from './service.ts';

/**
 * A profile page's two grids: the communities the person owns, and those they joined as an
 * approved member (pending requests and their own communities are left out). A membership of a
 * private community shows only to its members and the person: a private member list cannot be
 * rebuilt from profiles.
 */
export const ofProfile = publicProcedure.input(communitiesOfProfileInput).query(async ({ ctx, input }) => {
  const [owned, joined] = await Promise.all([ownedBy(ctx.db, input.userId), memberOf(ctx.db, input.userId, 'approved', { id: ctx.user?.id ?? null })]);
  return { owned, joined };
});
