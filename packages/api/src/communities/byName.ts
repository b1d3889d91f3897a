import { byNameInput, COMMUNITY_MESSAGES } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { publicProcedure } from '../core/trpc.ts';
import { isBanned } from '../membership/service.ts';
import { communityDetails, namedCommunity } from './service.ts';

/**
 * A community by its name, case-insensitively (names are unique that way), for anyone but the
 * people banned from it, who are told so (the community page shows it).
 */
export const byName = publicProcedure.input(byNameInput).query(async ({ ctx, input }) => {
  const details = await communityDetails(ctx.db, namedCommunity(input.name));
  if (ctx.user && (await isBanned(ctx.db, details.id, ctx.user.id))) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.banned);
  return details;
});
