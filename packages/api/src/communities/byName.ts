import { byNameInput, COMMUNITY_MESSAGES } from '@app/shared/communities';
import { AppError } from '../core/errors.ts';
import { publicProcedure } from '../core/trpc.ts';
import { communityDetailsFor, namedCommunity } from './service.ts';

/**
 * A community by its name, case-insensitively (names are unique that way), for anyone but the
 * people banned from it, who are told so (the community page shows it).
 */
export const byName = publicProcedure.input(byNameInput).query(async ({ ctx, input }) => {
  const { details, banned } = await communityDetailsFor(ctx.db, namedCommunity(input.name), ctx.user?.id ?? null);
  if (banned) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.banned);
  return details;
});
