import type { Queryable } from '@app/db';
import { communityMembers, memberPoints, profiles } from '@app/db/schema';
import { BOARD_SIZE, levelOf, type BoardPeriod } from '@app/shared/levels';
import { refreshWindows } from './service.ts';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';

export interface BoardCommunity {
  id: string;
  ownerId: string;
}

/** Current members other than the owner (the owner is left off boards and level counts). */
export const rankedMember = (community: BoardCommunity) =>
  and(eq(communityMembers.communityId, community.id), eq(communityMembers.status, 'approved'), ne(communityMembers.userId, community.ownerId));

/** The running total a board ranks by (each has an index on the community and it, descending). */
const PERIOD_COLUMN = { all: memberPoints.points, '7d': memberPoints.points7d, '30d': memberPoints.points30d } as const;

/**
 * A leaderboard: the top ten members by points in the period (ties share a rank), each with the
 * level their all-time points give, and the viewer's own rank and points even when off the list
 * (null for the owner, who is not ranked). Read from the running totals by their index, never from
 * the likes; the windows are brought up to today first, which the day's first board does once.
 */
export async function leaderboard(db: Queryable, community: BoardCommunity, viewerId: string, period: BoardPeriod) {
  if (period !== 'all') await refreshWindows(db, community.id);
  const column = PERIOD_COLUMN[period];
  const ranked = and(eq(memberPoints.communityId, community.id), gt(column, 0));
  const members = and(eq(communityMembers.userId, memberPoints.userId), rankedMember(community));
  const rows = await db
    .select({ points: column, allTime: memberPoints.points, user: { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl } })
    .from(memberPoints)
    .innerJoin(communityMembers, members)
    .innerJoin(profiles, eq(profiles.id, memberPoints.userId))
    .where(ranked)
    .orderBy(desc(column), asc(memberPoints.userId))
    .limit(BOARD_SIZE);
  // Whoever has more points than someone on the list is on it too: a rank is one more than them.
  const rankOf = (points: number) => 1 + rows.filter((row) => row.points > points).length;
  const top = rows.map((row) => ({ rank: rankOf(row.points), points: row.points, level: levelOf(row.allTime), user: row.user }));
  if (viewerId === community.ownerId) return { period, top, me: null };

  const [mine] = await db
    .select({ points: column, allTime: memberPoints.points })
    .from(memberPoints)
    .where(and(eq(memberPoints.communityId, community.id), eq(memberPoints.userId, viewerId)));
  const points = mine?.points ?? 0;
  const listed = rows.find((row) => row.user.id === viewerId);
  let rank = listed ? rankOf(points) : 0;
  if (!listed) {
    const [above] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberPoints)
      .innerJoin(communityMembers, members)
      .where(and(eq(memberPoints.communityId, community.id), gt(column, points)));
    rank = 1 + (above?.n ?? 0);
  }
  return { period, top, me: { rank, points, level: levelOf(mine?.allTime ?? 0) } };
}

/** A member's all-time points in a community (0 before their first). */
export async function pointsOf(db: Queryable, communityId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ points: memberPoints.points })
    .from(memberPoints)
    .where(and(eq(memberPoints.communityId, communityId), eq(memberPoints.userId, userId)));
  return row?.points ?? 0;
}
