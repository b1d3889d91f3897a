import type { Queryable } from '@app/db';
import { commentLikes, comments, communities, memberPoints, memberPointsDaily, postLikes, posts } from '@app/db/schema';
import { levelOf, PERIOD_DAYS } from '@app/shared/levels';
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { publish } from '../platform/live/publish.ts';
import { levelTopic } from './events.ts';
import { notify } from '../notifications/service.ts';

/** A change of someone's points in a community, dated by the UTC day of the like it comes from. */
export interface PointsChange {
  communityId: string;
  userId: string;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  delta: number;
}

/** A member's all-time points in a community, as a column (0 before their first): level badges are worked out from it. */
export const pointsIn = (communityId: SQL | AnyPgColumn, userId: SQL | AnyPgColumn) =>
  sql<number>`coalesce((select ${memberPoints.points} from ${memberPoints} where ${memberPoints.communityId} = ${communityId} and ${memberPoints.userId} = ${userId}), 0)`;

/** The UTC day of a timestamp column or value, as the daily table keys it. */
export const utcDay = (at: SQL | AnyPgColumn) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Applies point changes in the caller's transaction: the running total and the day's bucket. A
 * member who climbs a level hears of it on their own topic ('level.up'), once the change commits.
 */
export async function applyPoints(tx: Queryable, changes: PointsChange[]): Promise<void> {
  for (const change of changes) {
    if (change.delta === 0) continue;
    const { communityId, userId, day, delta } = change;
    await tx
      .insert(memberPointsDaily)
      .values({ communityId, userId, day, points: delta })
      .onConflictDoUpdate({ target: [memberPointsDaily.communityId, memberPointsDaily.userId, memberPointsDaily.day], set: { points: sql`${memberPointsDaily.points} + ${delta}` } });
    // The total moves by the change; the windows are counted again from the member's days (at most 30 rows).
    const [row] = await tx
      .insert(memberPoints)
      .values({ communityId, userId, points: delta, ...windowsOf(sql`${communityId}::uuid`, sql`${userId}::uuid`) })
      .onConflictDoUpdate({
        target: [memberPoints.communityId, memberPoints.userId],
        set: { points: sql`${memberPoints.points} + ${delta}`, updatedAt: sql`now()`, ...windowsOf(memberPoints.communityId, memberPoints.userId) },
      })
      .returning({ points: memberPoints.points });
    const after = row?.points ?? delta;
    const level = levelOf(after);
    if (level > levelOf(after - delta)) {
      const [community] = await tx.select({ name: communities.name }).from(communities).where(eq(communities.id, communityId));
      await publish(tx, levelTopic(userId), { type: 'level.up', communityId, communityName: community?.name ?? '', level, points: after });
      await notify(tx, [{ recipientId: userId, kind: 'level.up', actorId: null, communityId, data: { level }, groupKey: `level.up:${communityId}:${level}`, once: true }]);
    }
  }
}

/** The first UTC day of an N-day window ending today. */
export const windowStart = (days: number) => sql`((now() at time zone 'UTC')::date - ${days - 1}::int)`;

/** A member's 7- and 30-day points, counted from their days, as of today. */
function windowsOf(communityId: SQL | AnyPgColumn, userId: SQL | AnyPgColumn) {
  const sum = (days: number) =>
    sql<number>`(select coalesce(sum(d.points), 0)::int from ${memberPointsDaily} d where d.community_id = ${communityId} and d.user_id = ${userId} and d.day >= ${windowStart(days)})`;
  return { points7d: sum(PERIOD_DAYS['7d']), points30d: sum(PERIOD_DAYS['30d']), windowDay: sql<string>`(now() at time zone 'UTC')::date` };
}

/**
 * Counts the windows again for a community's members whose count is from an earlier day and not
 * all zero (a window slides as days pass; a member with new likes was counted when they came). The
 * first board of the day does it, once.
 */
export async function refreshWindows(db: Queryable, communityId: string): Promise<void> {
  const today = sql`(now() at time zone 'UTC')::date`;
  const stale = and(
    eq(memberPoints.communityId, communityId),
    or(isNull(memberPoints.windowDay), sql`${memberPoints.windowDay} < ${today}`),
    // As the partial index member_points_windows_idx reads (constants, not parameters, so it applies).
    sql`(${memberPoints.windowDay} IS NULL OR ${memberPoints.points7d} <> 0 OR ${memberPoints.points30d} <> 0)`,
  );
  const [any] = await db.select({ one: sql`1` }).from(memberPoints).where(stale).limit(1);
  if (!any) return;
  await db.update(memberPoints).set(windowsOf(memberPoints.communityId, memberPoints.userId)).where(stale);
}

/** A like given now by `likerId` on something `authorId` wrote: a point for the author, unless they liked their own. */
export function likeChange(communityId: string, authorId: string, likerId: string, day: string, delta: 1 | -1): PointsChange[] {
  return authorId === likerId ? [] : [{ communityId, userId: authorId, day, delta }];
}

/** Today (UTC), as the database sees it. */
export async function today(tx: Queryable): Promise<string> {
  const [row] = await tx.select({ day: utcDay(sql`now()`) }).from(sql`(select 1) as one`);
  return row!.day;
}

/**
 * The points a post's likes (and its comments' likes) gave, to take back before it is deleted: one
 * change per author and day, negative.
 */
export async function pointsOfPost(tx: Queryable, postId: string): Promise<PointsChange[]> {
  const [postRows, commentRows] = await Promise.all([
    tx
      .select({ communityId: posts.communityId, userId: posts.userId, day: utcDay(postLikes.createdAt), n: sql<number>`count(*)::int` })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .where(and(eq(postLikes.postId, postId), ne(postLikes.userId, posts.userId)))
      .groupBy(posts.communityId, posts.userId, utcDay(postLikes.createdAt)),
    commentPoints(tx, eq(comments.postId, postId)),
  ]);
  return [...postRows.map((r) => ({ communityId: r.communityId, userId: r.userId, day: r.day, delta: -r.n })), ...commentRows];
}

/** The points the likes of the comments matching `where` gave, negative (to take back before they are deleted). */
export async function commentPoints(tx: Queryable, where: SQL): Promise<PointsChange[]> {
  const rows = await tx
    .select({ communityId: posts.communityId, userId: comments.userId, day: utcDay(commentLikes.createdAt), n: sql<number>`count(*)::int` })
    .from(commentLikes)
    .innerJoin(comments, eq(comments.id, commentLikes.commentId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(where, ne(commentLikes.userId, comments.userId)))
    .groupBy(posts.communityId, comments.userId, utcDay(commentLikes.createdAt));
  return rows.map((r) => ({ communityId: r.communityId, userId: r.userId, day: r.day, delta: -r.n }));
}
