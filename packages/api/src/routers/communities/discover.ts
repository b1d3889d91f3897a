import type { Queryable } from '@app/db';
import { communities, communityMembers, profiles } from '@app/db/schema';
import { communitiesOfProfileInput, containsPattern, listCommunitiesInput, type CommunityCursor } from '@app/shared/communities';
import type { TRPCRouterRecord } from '@trpc/server';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { publicProcedure } from '../../trpc.ts';

/** What a community card shows (spec section 3, 'Community card'). */
export const cardColumns = {
  id: communities.id,
  name: communities.name,
  logoUrl: communities.logoUrl,
  videoUrl: communities.videoUrl,
  category: communities.category,
  language: communities.language,
  availableSeats: communities.availableSeats,
  membershipAmountCents: communities.membershipAmountCents,
  isPrivate: communities.isPrivate,
  membersCount: communities.membersCount,
  ownerId: communities.ownerId,
  ownerUsername: profiles.username,
  createdAt: communities.createdAt,
};

/** A profile page lists at most this many owned (and joined) communities. */
const OF_PROFILE_MAX = 100;

/** The cards of the communities `userId` owns, newest first. */
export function ownedBy(db: Queryable, userId: string) {
  return db
    .select(cardColumns)
    .from(communities)
    .innerJoin(profiles, eq(profiles.id, communities.ownerId))
    .where(eq(communities.ownerId, userId))
    .orderBy(desc(communities.createdAt), desc(communities.id))
    .limit(OF_PROFILE_MAX);
}

/** The cards of the communities `userId` belongs to (or asked to join) without owning them, latest first. */
export function memberOf(db: Queryable, userId: string, status: 'approved' | 'pending') {
  return db
    .select(cardColumns)
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .innerJoin(profiles, eq(profiles.id, communities.ownerId))
    .where(and(eq(communityMembers.userId, userId), eq(communityMembers.status, status), ne(communities.ownerId, userId)))
    .orderBy(desc(communityMembers.joinedAt), desc(communities.id))
    .limit(OF_PROFILE_MAX);
}

/** created_at with its microseconds: a JS Date would cut them and make pages skip rows. */
const createdAtText = sql<string>`to_char(${communities.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest first, (created_at, id) descending; the bare `created_at <=` lets the b-tree bound the scan. */
function before(cursor: CommunityCursor): SQL {
  const at = sql`${cursor.createdAt}::timestamptz`;
  return sql`(${communities.createdAt} <= ${at} and (${communities.createdAt} < ${at} or ${communities.id} < ${cursor.id}::uuid))`;
}

/** Discover's list and counter, and a profile page's grids. */
export const discoverProcedures = {
  /**
   * Discover's list: optional case-insensitive substring search on the name (the same
   * `lower(name)` expression as the trigram index), category and language filters; newest first,
   * one page at a time.
   */
  list: publicProcedure.input(listCommunitiesInput).query(async ({ ctx, input }) => {
    const filters: SQL[] = [];
    if (input.search) filters.push(sql`lower(${communities.name}) like lower(${containsPattern(input.search)})`);
    if (input.category) filters.push(eq(communities.category, input.category));
    if (input.language) filters.push(eq(communities.language, input.language));
    if (input.cursor) filters.push(before(input.cursor));

    const rows = await ctx.db
      .select({ ...cardColumns, cursorAt: createdAtText })
      .from(communities)
      .innerJoin(profiles, eq(profiles.id, communities.ownerId))
      .where(and(...filters))
      .orderBy(desc(communities.createdAt), desc(communities.id))
      .limit(input.limit + 1);

    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    const nextCursor: CommunityCursor | null = rows.length > input.limit && last ? { createdAt: last.cursorAt, id: last.id } : null;
    return { items: page.map(({ cursorAt: _cursorAt, ...item }) => item), nextCursor };
  }),

  /** Every community, for Discover's counter. */
  count: publicProcedure.query(({ ctx }) => ctx.db.$count(communities)),

  /**
   * A profile page's two grids: the communities the person owns, and those they joined as an
   * approved member (pending requests and their own communities are left out).
   */
  ofProfile: publicProcedure.input(communitiesOfProfileInput).query(async ({ ctx, input }) => {
    const [owned, joined] = await Promise.all([ownedBy(ctx.db, input.userId), memberOf(ctx.db, input.userId, 'approved')]);
    return { owned, joined };
  }),
} satisfies TRPCRouterRecord;
