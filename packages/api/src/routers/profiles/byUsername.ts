import { profiles } from '@app/db/schema';
import { byUsernameInput, PROFILE_MESSAGES } from '@app/shared/profile';
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { publicProcedure } from '../../trpc.ts';

/** What anyone may see of a person: never the sign-in e-mail. */
export const publicProfileColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  contactEmail: profiles.contactEmail,
  bio: profiles.bio,
  urls: profiles.urls,
  category: profiles.category,
  language: profiles.language,
  createdAt: profiles.createdAt,
};

/** A public profile by username, case-insensitively; visitors may view it too. */
export const byUsername = publicProcedure.input(byUsernameInput).query(async ({ ctx, input }) => {
  const [row] = await ctx.db
    .select(publicProfileColumns)
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, input.username.toLowerCase()));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: PROFILE_MESSAGES.userNotFound });
  return row;
});
