import type { Queryable } from '@app/db';
import { communities, communityMembers, profiles } from '@app/db/schema';
import { communitiesOfProfileInput, containsPattern, listCommunitiesInput } from '@app/shared/communities';
import type { TRPCRouterRecord } from '@trpc/server';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { cursorTime, olderThan, pageOf } from '../../lib/cursor.ts';
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
    if (input.cursor) filters.push(olderThan(communities.createdAt, communities.id, input.cursor));

    const rows = await ctx.db
      .select({ ...cardColumns, cursorAt: cursorTime(communities.createdAt) })
      .from(communities)
      .innerJoin(profiles, eq(profiles.id, communities.ownerId))
      .where(and(...filters))
      .orderBy(desc(communities.createdAt), desc(communities.id))
      .limit(input.limit + 1);

    return pageOf(rows, input.limit);
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
