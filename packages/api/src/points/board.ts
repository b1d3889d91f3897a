import type { Queryable } from '@app/db';
import { communityMembers, memberPoints, memberPointsDaily, profiles } from '@app/db/schema';
import { BOARD_SIZE, levelOf, PERIOD_DAYS, type BoardPeriod } from '@app/shared/levels';
import { and, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** The members' all-time totals, for the level beside a windowed board's points. */
const allTime = alias(memberPoints, 'all_time');

export interface BoardCommunity {
  id: string;
  ownerId: string;
}

/** Current members other than the owner (the owner is left off boards and level counts). */
export const rankedMember = (community: BoardCommunity) =>
  and(eq(communityMembers.communityId, community.id), eq(communityMembers.status, 'approved'), ne(communityMembers.userId, community.ownerId));

/** Each member's points in the period, from the running totals (all time) or the days' buckets (7 or 30 days). */
function totalsOf(db: Queryable, community: BoardCommunity, period: BoardPeriod) {
  if (period === 'all') {
    return db
      .select({ userId: sql<string>`${memberPoints.userId}`.as('member_id'), points: sql<number>`${memberPoints.points}`.as('period_points') })
      .from(memberPoints)
      .innerJoin(communityMembers, and(eq(communityMembers.userId, memberPoints.userId), rankedMember(community)))
      .where(and(eq(memberPoints.communityId, community.id), gt(memberPoints.points, 0)));
  }
  const since = sql`((now() at time zone 'UTC')::date - ${PERIOD_DAYS[period] - 1}::int)`;
  return db
    .select({ userId: sql<string>`${memberPointsDaily.userId}`.as('member_id'), points: sql<number>`sum(${memberPointsDaily.points})::int`.as('period_points') })
    .from(memberPointsDaily)
    .innerJoin(communityMembers, and(eq(communityMembers.userId, memberPointsDaily.userId), rankedMember(community)))
    .where(and(eq(memberPointsDaily.communityId, community.id), sql`${memberPointsDaily.day} >= ${since}`))
    .groupBy(memberPointsDaily.userId)
    .having(sql`sum(${memberPointsDaily.points}) > 0`);
}

/**
 * A leaderboard: the top ten members by points in the period (ties share a rank), each with the
 * level their all-time points give, and the viewer's own rank and points even when off the list
 * (null for the owner, who is not ranked). One query over the running totals, never over the likes.
 */
export async function leaderboard(db: Queryable, community: BoardCommunity, viewerId: string, period: BoardPeriod) {
  const totals = db.$with('totals').as(totalsOf(db, community, period));
  const ranked = db.$with('ranked').as(
    db
      .with(totals)
      .select({
        userId: totals.userId,
        points: totals.points,
        rank: sql<number>`(rank() over (order by ${totals.points} desc))::int`.as('rank'),
        position: sql<number>`(row_number() over (order by ${totals.points} desc, ${totals.userId}))::int`.as('position'),
        ranked: sql<number>`(count(*) over ())::int`.as('ranked'),
      })
      .from(totals),
  );
  const rows = await db
    .with(ranked)
    .select({
      rank: ranked.rank,
      position: ranked.position,
      ranked: ranked.ranked,
      points: ranked.points,
      allTime: sql<number>`coalesce(${allTime.points}, 0)`,
      user: { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl },
    })
    .from(ranked)
    .innerJoin(profiles, eq(profiles.id, ranked.userId))
    .leftJoin(allTime, and(eq(allTime.communityId, community.id), eq(allTime.userId, ranked.userId)))
    .where(or(sql`${ranked.position} <= ${BOARD_SIZE}`, eq(ranked.userId, viewerId)))
    .orderBy(asc(ranked.position));
  const entry = (row: (typeof rows)[number]) => ({ rank: row.rank, points: row.points, level: levelOf(row.allTime), user: row.user });
  const top = rows.filter((row) => row.position <= BOARD_SIZE).map(entry);
  const mine = rows.find((row) => row.user.id === viewerId);
  let me: { rank: number; points: number; level: number } | null = null;
  if (viewerId !== community.ownerId) {
    // Without points in the period, the viewer ranks after everyone who has some.
    me = mine ? { rank: mine.rank, points: mine.points, level: levelOf(mine.allTime) } : { rank: (rows[0]?.ranked ?? 0) + 1, points: 0, level: levelOf(await pointsOf(db, community.id, viewerId)) };
  }
  return { period, top, me };
}

/** A member's all-time points in a community (0 before their first). */
export async function pointsOf(db: Queryable, communityId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ points: memberPoints.points })
    .from(memberPoints)
    .where(and(eq(memberPoints.communityId, communityId), eq(memberPoints.userId, userId)));
  return row?.points ?? 0;
}
