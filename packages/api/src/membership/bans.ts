import { communityBans, profiles } from '@app/db/schema';
import { bansInput } from '@app/shared/bans';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { moderatorProcedure } from '../core/trpc.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';

const banner = alias(profiles, 'banner');

/**
 * The community's banned people, newest ban first, a page at a time, with who banned them, when
 * and why, for its moderators, admins and owner (the 'Banned' list).
 */
export const bans = moderatorProcedure.input(bansInput).query(async ({ ctx, input }) => {
  const rows = await ctx.db
    .select({
      id: communityBans.userId,
      username: profiles.username,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      reason: communityBans.reason,
      bannedAt: communityBans.createdAt,
      bannedBy: { id: banner.id, username: banner.username, fullName: banner.fullName },
      cursorAt: cursorTime(communityBans.createdAt),
    })
    .from(communityBans)
    .innerJoin(profiles, eq(profiles.id, communityBans.userId))
    .leftJoin(banner, eq(banner.id, communityBans.bannedBy))
    .where(and(eq(communityBans.communityId, ctx.community.id), input.cursor ? olderThan(communityBans.createdAt, communityBans.userId, input.cursor) : undefined))
    .orderBy(desc(communityBans.createdAt), desc(communityBans.userId))
    .limit(input.limit + 1);
  return pageOf(rows, input.limit);
});
