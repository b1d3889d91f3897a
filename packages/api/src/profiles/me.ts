import { preparedPerHandle, type Queryable } from '@app/db';
import { profiles } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { publicProcedure } from '../core/trpc.ts';
import { ownProfileColumns } from './columns.ts';

/** The own-profile query, built once per database handle (every page asks for it). */
const ownProfileQuery = preparedPerHandle((db) => db.select(ownProfileColumns).from(profiles).where(eq(profiles.id, sql.placeholder('userId'))).prepare('own_profile'));

/** The signed-in user's own profile (the bench's bare-Fastify route reads it the same way). */
export async function ownProfile(db: Queryable, userId: string) {
  const [row] = await ownProfileQuery(db).execute({ userId });
  return row ?? null;
}

/** The signed-in user's profile, or null when signed out. */
export const me = publicProcedure.query(({ ctx }) => (ctx.user ? ownProfile(ctx.db, ctx.user.id) : null));
