import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { publicProcedure } from '../../trpc.ts';

export const profileColumns = {
  id: profiles.id,
  username: profiles.username,
  email: profiles.email,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  contactEmail: profiles.contactEmail,
  bio: profiles.bio,
  urls: profiles.urls,
  category: profiles.category,
  language: profiles.language,
  createdAt: profiles.createdAt,
};

/** The signed-in user's profile, or null when signed out. */
export const me = publicProcedure.query(async ({ ctx }) => {
  if (!ctx.user) return null;
  const [row] = await ctx.db.select(profileColumns).from(profiles).where(eq(profiles.id, ctx.user.id));
  return row ?? null;
});
