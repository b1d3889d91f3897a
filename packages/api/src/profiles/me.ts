import type { Queryable } from '@app/db';
import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { publicProcedure } from '../core/trpc.ts';
import { ownProfileColumns } from './columns.ts';

/** The signed-in user's own profile (the bench's bare-Fastify route reads it the same way). */
export async function ownProfile(db: Queryable, userId: string) {
  const [row] = await db.select(ownProfileColumns).from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

/** The signed-in user's profile, or null when signed out. */
export const me = publicProcedure.query(({ ctx }) => (ctx.user ? ownProfile(ctx.db, ctx.user.id) : null));
