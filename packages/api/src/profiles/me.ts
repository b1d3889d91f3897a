import type { Queryable } from '@app/db';
import { profiles } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { publicProcedure } from '../core/trpc.ts';
import { ownProfileColumns } from './columns.ts';

/** The own-profile query, built once per database handle (every page asks for it: drizzle would build its SQL each time). */
const prepare = (db: Queryable) => db.select(ownProfileColumns).from(profiles).where(eq(profiles.id, sql.placeholder('userId'))).prepare('own_profile');
const prepared = new WeakMap<Queryable, ReturnType<typeof prepare>>();

/** The signed-in user's own profile (the bench's bare-Fastify route reads it the same way). */
export async function ownProfile(db: Queryable, userId: string) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepare(db)));
  const [row] = await query.execute({ userId });
  return row ?? null;
}

/** The signed-in user's profile, or null when signed out. */
export const me = publicProcedure.query(({ ctx }) => (ctx.user ? ownProfile(ctx.db, ctx.user.id) : null));
