import { profiles } from '@app/db/schema';
import { containsPattern, listPeopleInput, PEOPLE_LIMIT } from '@app/shared/communities';
import { and, desc, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { FORUM_HOST_ID } from '../partners/forum.ts';
import { publicProcedure } from '../core/trpc.ts';

/** What Discover's person cards show; never the e-mail. */
const personColumns = {
  id: profiles.id,
  username: profiles.username,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  category: profiles.category,
  language: profiles.language,
};

/** The platform's own profile that hosts the partners' forum is nobody's to find, nor a closed (or erased) account. */
const notHost = and(ne(profiles.id, FORUM_HOST_ID), isNull(profiles.closedAt))!;

/**
 * Discover's people: the newest 50, optionally those whose username or full name contains the
 * search text, or whose category matches, both case-insensitively (the expressions match the
 * trigram and `lower(category)` indexes).
 */
export const list = publicProcedure.input(listPeopleInput).query(({ ctx, input }) => {
  const filters: SQL[] = [notHost];
  if (input.search) {
    const pattern = sql`lower(${containsPattern(input.search)})`;
    filters.push(or(sql`lower(${profiles.username}) like ${pattern}`, sql`lower(${profiles.fullName}) like ${pattern}`) as SQL);
  }
  if (input.category) filters.push(sql`lower(${profiles.category}) = lower(${input.category})`);
  return ctx.db
    .select(personColumns)
    .from(profiles)
    .where(and(...filters))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(PEOPLE_LIMIT);
});

/** Every open profile (but the forum's host), for Discover's counter. */
export const count = publicProcedure.query(({ ctx }) => ctx.db.$count(profiles, notHost));
