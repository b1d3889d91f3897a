import { profiles } from '@app/db/schema';
import { byUsernameInput, PROFILE_MESSAGES } from '@app/shared/profiles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publicProcedure } from '../core/trpc.ts';
import { publicProfileColumns } from './columns.ts';

/** A public profile by username, case-insensitively; visitors may view it too. A closed (or erased) account has none. */
export const byUsername = publicProcedure.input(byUsernameInput).query(async ({ ctx, input }) => {
  const [row] = await ctx.db
    .select(publicProfileColumns)
    .from(profiles)
    .where(and(eq(sql`lower(${profiles.username})`, input.username.toLowerCase()), isNull(profiles.closedAt)));
  if (!row) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.userNotFound);
  return row;
});
