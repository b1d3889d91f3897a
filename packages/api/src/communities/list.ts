import { communities, profiles } from '@app/db/schema';
import { containsPattern, listCommunitiesInput } from '@app/shared/communities';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';
import { notForum } from '../partners/forum.ts';
import { notBannedFrom } from '../membership/service.ts';
import { publicProcedure } from '../core/trpc.ts';
import { cardColumns } from './service.ts';

/**
 * Discover's list: optional case-insensitive substring search on the name (the same `lower(name)`
 * expression as the trigram index), category and language filters; newest first, a page at a time.
 * A signed-in person does not see the communities they are banned from (their page would refuse them).
 */
export const list = publicProcedure.input(listCommunitiesInput).query(async ({ ctx, input }) => {
  const filters: SQL[] = [notForum];
  if (input.search) filters.push(sql`lower(${communities.name}) like lower(${containsPattern(input.search)})`);
  if (input.category) filters.push(eq(communities.category, input.category));
  if (input.language) filters.push(eq(communities.language, input.language));
  if (input.cursor) filters.push(olderThan(communities.createdAt, communities.id, input.cursor));
  if (ctx.user) filters.push(notBannedFrom(communities.id, ctx.user.id));

  const rows = await ctx.db
    .select({ ...cardColumns, cursorAt: cursorTime(communities.createdAt) })
    .from(communities)
    .innerJoin(profiles, eq(profiles.id, communities.ownerId))
    .where(and(...filters))
    .orderBy(desc(communities.createdAt), desc(communities.id))
    .limit(input.limit + 1);

  return pageOf(rows, input.limit);
});

/** Every community (but the partners' forum), for Discover's counter. */
export const count = publicProcedure.query(({ ctx }) => ctx.db.$count(communities, notForum));
