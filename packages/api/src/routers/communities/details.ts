import type { Queryable } from '@app/db';
import { communities, profiles } from '@app/db/schema';
import { byNameInput, COMMUNITY_MESSAGES } from '@app/shared/community';
import { TRPCError } from '@trpc/server';
import { eq, sql, type SQL } from 'drizzle-orm';
import { publicProcedure } from '../../trpc.ts';

/** Everything the community page, the join page and the edit form show (never the owner's e-mail). */
const detailColumns = {
  id: communities.id,
  name: communities.name,
  description: communities.description,
  rules: communities.rules,
  logoUrl: communities.logoUrl,
  videoUrl: communities.videoUrl,
  language: communities.language,
  category: communities.category,
  contactEmail: communities.contactEmail,
  availableSeats: communities.availableSeats,
  membershipAmountCents: communities.membershipAmountCents,
  isPrivate: communities.isPrivate,
  membersCount: communities.membersCount,
  ownerId: communities.ownerId,
  createdAt: communities.createdAt,
  updatedAt: communities.updatedAt,
  owner: { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl },
};

export async function communityDetails(db: Queryable, where: SQL) {
  const [row] = await db.select(detailColumns).from(communities).innerJoin(profiles, eq(profiles.id, communities.ownerId)).where(where);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
  return row;
}

export type CommunityDetails = Awaited<ReturnType<typeof communityDetails>>;

/** A community by its name, case-insensitively (names are unique that way), for anyone. */
export const byName = publicProcedure
  .input(byNameInput)
  .query(({ ctx, input }) => communityDetails(ctx.db, sql`lower(${communities.name}) = lower(${input.name})`));
