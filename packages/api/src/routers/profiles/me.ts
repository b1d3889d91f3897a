import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { publicProcedure } from '../../trpc.ts';
import { publicProfileColumns } from './byUsername.ts';

/** The signed-in user's own profile: the public columns and the sign-in e-mail. */
export const profileColumns = { ...publicProfileColumns, email: profiles.email };

/** The signed-in user's profile, or null when signed out. */
export const me = publicProcedure.query(async ({ ctx }) => {
  if (!ctx.user) return null;
  const [row] = await ctx.db.select(profileColumns).from(profiles).where(eq(profiles.id, ctx.user.id));
  return row ?? null;
});
