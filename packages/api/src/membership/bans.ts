import { communityBans, profiles } from '@app/db/schema';
import { bansInput, mayLiftBan } from '@app/shared/bans';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { moderatorProcedure } from '../core/trpc.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';
import { placerMembership, placerOfBan, placerRole } from './service.ts';

const banner = alias(profiles, 'banner');

/**
 * The community's banned people, newest ban first, a page at a time, with who banned them, when
 * and why, for its moderators, admins and owner (the 'Banned' list); `canLift` says whether the
 * caller may lift each (unban's own rule, `mayLiftBan`).
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
      placerRole: placerMembership.role,
      placerStatus: placerMembership.status,
      cursorAt: cursorTime(communityBans.createdAt),
    })
    .from(communityBans)
    .innerJoin(profiles, eq(profiles.id, communityBans.userId))
    .leftJoin(banner, eq(banner.id, communityBans.bannedBy))
    .leftJoin(placerMembership, placerOfBan)
    .where(and(eq(communityBans.communityId, ctx.community.id), input.cursor ? olderThan(communityBans.createdAt, communityBans.userId, input.cursor) : undefined))
    .orderBy(desc(communityBans.createdAt), desc(communityBans.userId))
    .limit(input.limit + 1);
  const caller = { id: ctx.user.id, role: ctx.membership?.role ?? null };
  const items = rows.map(({ placerRole: role, placerStatus: status, ...ban }) => ({
    ...ban,
    canLift: mayLiftBan(caller, { id: ban.bannedBy?.id ?? null, role: placerRole(ctx.community.ownerId, ban.bannedBy?.id ?? null, { role, status }) }),
  }));
  return pageOf(items, input.limit);
});
