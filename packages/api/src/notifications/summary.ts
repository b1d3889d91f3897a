import type { Queryable } from '@app/db';
import { communities, communityMembers, notificationMutes, posts } from '@app/db/schema';
import { and, desc, eq, gt, lt, ne, notExists, sql } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { bellTopic } from './events.ts';
import { notifyMeAbout } from './service.ts';

/** How often opening a feed moves its 'seen' mark (a busy reader writes at most this often). */
const SEEN_EVERY = sql`interval '30 seconds'`;
/** A community's count of new posts stops at this ('99+'). */
const NEW_POSTS_MAX = 100;
/** The summary names at most this many communities. */
const SUMMARY_COMMUNITIES = 10;

/** The member opened the community's feed: its posts until now are no longer new to them. */
export async function feedSeen(db: Queryable, communityId: string, userId: string): Promise<void> {
  const moved = await db
    .update(communityMembers)
    .set({ feedSeenAt: sql`now()` })
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), lt(communityMembers.feedSeenAt, sql`now() - ${SEEN_EVERY}`)))
    .returning({ id: communityMembers.id });
  if (moved.length) await publish(db, bellTopic(userId), { type: 'notifications.changed' });
}

/**
 * The bell's community summary: for each of the caller's communities (not muted, and 'Notify me
 * about: all'), how many posts by others came since they last opened its feed. New posts reach
 * people this way, counted when asked, never as a row per member.
 */
export const summary = protectedProcedure.query(async ({ ctx }) => {
  const m = communityMembers;
  const newPosts = ctx.db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.communityId, m.communityId), gt(posts.createdAt, m.feedSeenAt), ne(posts.userId, ctx.user.id)))
    .orderBy(desc(posts.createdAt))
    .limit(NEW_POSTS_MAX)
    .as('new_posts');
  const rows = await ctx.db
    .select({
      community: { id: communities.id, name: communities.name, logoUrl: communities.logoUrl },
      newPosts: sql<number>`count(${newPosts.id})::int`,
      latestAt: sql<Date>`max(${newPosts.createdAt})`,
    })
    .from(m)
    .innerJoin(communities, eq(communities.id, m.communityId))
    .innerJoinLateral(newPosts, sql`true`)
    .where(
      and(
        eq(m.userId, ctx.user.id),
        eq(m.status, 'approved'),
        notExists(ctx.db.select().from(notificationMutes).where(and(eq(notificationMutes.userId, m.userId), eq(notificationMutes.communityId, m.communityId)))),
        eq(notifyMeAbout(m.userId), 'all'),
      ),
    )
    .groupBy(communities.id, communities.name, communities.logoUrl)
    .orderBy(sql`max(${newPosts.createdAt}) desc`)
    .limit(SUMMARY_COMMUNITIES);
  return rows.map((row) => ({ ...row, latestAt: new Date(row.latestAt) }));
});
