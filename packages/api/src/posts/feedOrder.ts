import type { Queryable } from '@app/db';
import { comments, postLikes, postPins, posts, profiles } from '@app/db/schema';
import { TOP_DAYS } from '@app/shared/categories';
import type { listPostsInput } from '@app/shared/posts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { olderThan } from '../platform/cursor.ts';
import { postColumns } from './service.ts';

/*
 * The feed's views (issue 24): a category or all of them, sorted by 'new' (posting time), 'top'
 * (likes in the last TOP_DAYS days) or 'active' (latest comment, else posting time), each paged by
 * a cursor holding the last post's sort key and its (created_at, id), so pages never skip or repeat
 * a post that keeps its place. Pinned posts lead the first page of 'All' sorted by 'new' only, and
 * are left out of its pages; in every other view they stand where their sort puts them.
 */

type ListInput = z.output<typeof listPostsInput>;

const micros = (at: SQL | typeof posts.createdAt) => sql<string>`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Likes of the post in the last TOP_DAYS days. */
const weekLikes = sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.createdAt} > now() - make_interval(days => ${TOP_DAYS}))`;
/** The latest comment's time (a deleted one left out), or the post's own when it has none (comments_post_idx answers it). */
const activeAt = sql`coalesce((select max(${comments.createdAt}) from ${comments} where ${comments.postId} = ${posts.id} and ${comments.deletedAt} is null), ${posts.createdAt})`;
const isPinned = sql`exists(select 1 from ${postPins} where ${postPins.postId} = ${posts.id})`;

/** The pinned posts of a community, in the order pinned. */
export function pinnedPosts(db: Queryable, viewerId: string, communityId: string) {
  return db
    .select(postColumns(viewerId))
    .from(postPins)
    .innerJoin(posts, eq(posts.id, postPins.postId))
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(eq(postPins.communityId, communityId))
    .orderBy(asc(postPins.pinnedAt), asc(postPins.postId));
}

/** A page of a community's feed in the input's view (the caller has checked the viewer is a member). */
export async function feedPage(db: Queryable, viewerId: string, input: ListInput) {
  const { cursor, sort } = input;
  const pinsLead = !input.categoryId && sort === 'new';
  const after = !cursor
    ? undefined
    : sort === 'top'
      ? sql`(${weekLikes}, ${posts.createdAt}, ${posts.id}) < (${cursor.likes ?? 0}, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sort === 'active'
        ? sql`(${activeAt}, ${posts.id}) < (${cursor.activeAt ?? cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : olderThan(posts.createdAt, posts.id, cursor);
  const order = sort === 'top' ? [desc(weekLikes), desc(posts.createdAt), desc(posts.id)] : sort === 'active' ? [desc(activeAt), desc(posts.id)] : [desc(posts.createdAt), desc(posts.id)];
  const rows = await db
    .select({ ...postColumns(viewerId), cursorAt: micros(posts.createdAt), likesKey: weekLikes, activeKey: micros(activeAt) })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(
      and(
        eq(posts.communityId, input.communityId),
        input.categoryId ? eq(posts.categoryId, input.categoryId) : undefined,
        pinsLead ? sql`not ${isPinned}` : undefined,
        after,
      ),
    )
    .orderBy(...order)
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.limit && last
      ? { createdAt: last.cursorAt, id: last.id, ...(sort === 'top' ? { likes: last.likesKey } : {}), ...(sort === 'active' ? { activeAt: last.activeKey } : {}) }
      : null;
  const items = page.map(({ cursorAt: _c, likesKey: _l, activeKey: _a, ...item }) => item);
  const pinned = pinsLead && !cursor ? await pinnedPosts(db, viewerId, input.communityId) : [];
  return { items: [...pinned, ...items], nextCursor };
}
