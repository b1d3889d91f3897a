import type { Queryable } from '@app/db';
import { commentLikes, comments, memberPoints, memberPointsDaily, postLikes, posts } from '@app/db/schema';
import { levelOf } from '@app/shared/levels';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { publish } from '../live/publish.ts';
import { topics } from '../live/topics.ts';

/** A change of someone's points in a community, dated by the UTC day of the like it comes from. */
export interface PointsChange {
  communityId: string;
  userId: string;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  delta: number;
}

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
    const [row] = await tx
      .insert(memberPoints)
      .values({ communityId, userId, points: delta })
      .onConflictDoUpdate({ target: [memberPoints.communityId, memberPoints.userId], set: { points: sql`${memberPoints.points} + ${delta}`, updatedAt: sql`now()` } })
      .returning({ points: memberPoints.points });
    const after = row?.points ?? delta;
    const level = levelOf(after);
    if (level > levelOf(after - delta)) await publish(tx, topics.user(userId), { type: 'level.up', communityId, level, points: after });
  }
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
