import { resultRows, type Queryable } from '@app/db';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { courseModules, courses, lessons } from '@app/db/schema';
import { unlockedModules } from '../courses/gating.ts';
import { visibleCourses } from '../courses/service.ts';

/**
 * One query a kind of result, each ranked by `ts_rank` over its GIN-indexed generated column, the
 * community in the WHERE clause. `q` is computed once a query (a one-row join), not once a row.
 */
export interface KindScope {
  communityId: string;
  q: SQL;
  limit: number;
}

interface Author {
  authorId: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
}

const authorColumns = sql`pr.id as "authorId", pr.username, pr.full_name as "fullName", pr.avatar_url as "avatarUrl"`;

/** Posts whose text or one of whose poll options matches (a post once, at its best rank), with the options that matched. */
export async function findPosts(db: Queryable, { communityId, q, limit }: KindScope) {
  return resultRows<Author & { id: string; content: string; options: string[] }>(
    await db.execute(sql`
      with query as (select ${q} as q),
      hits as (
        select p.id, ts_rank(p.search, query.q) as rank from posts p, query
        where p.community_id = ${communityId} and p.search @@ query.q
        union all
        select o.post_id, ts_rank(o.search, query.q) from poll_options o join posts p on p.id = o.post_id, query
        where p.community_id = ${communityId} and o.search @@ query.q
      ),
      best as (select id, max(rank) as rank from hits group by id order by rank desc, id limit ${limit})
      select p.id, p.content, ${authorColumns},
        array(select o.label from poll_options o, query where o.post_id = p.id and o.search @@ query.q order by o.position) as options
      from best join posts p on p.id = best.id join profiles pr on pr.id = p.user_id
      order by best.rank desc, p.created_at desc`),
  );
}

/** Comments and replies one can read (a deleted comment's emptied row never matches, and is left out). */
export async function findComments(db: Queryable, { communityId, q, limit }: KindScope) {
  return resultRows<Author & { id: string; postId: string; replyToId: string | null; content: string }>(
    await db.execute(sql`
      select c.id, c.post_id as "postId", c.reply_to_id as "replyToId", c.content, ${authorColumns}
      from comments c join posts p on p.id = c.post_id join profiles pr on pr.id = c.user_id, (select ${q} as q) query
      where p.community_id = ${communityId} and c.deleted_at is null and c.search @@ query.q
      order by ts_rank(c.search, query.q) desc, c.created_at desc
      limit ${limit}`),
  );
}

/** Approved members (and the owner) by name or username. */
export async function findMembers(db: Queryable, { communityId, q, limit }: KindScope) {
  return resultRows<{ id: string; username: string; fullName: string | null; avatarUrl: string | null }>(
    await db.execute(sql`
      select pr.id, pr.username, pr.full_name as "fullName", pr.avatar_url as "avatarUrl"
      from profiles pr join community_members m on m.user_id = pr.id, (select ${q} as q) query
      where m.community_id = ${communityId} and m.status = 'approved' and pr.search @@ query.q
      order by ts_rank(pr.search, query.q) desc, pr.username
      limit ${limit}`),
  );
}

/** The courses the viewer may see (the courses domain's rule), by title and description. */
export async function findCourses(db: Queryable, { communityId, q, limit }: KindScope, administers: boolean) {
  return db
    .select({ id: courses.id, title: courses.title, description: courses.description })
    .from(courses)
    .where(and(visibleCourses(communityId, administers), sql`${courses.search} @@ ${q}`))
    .orderBy(sql`ts_rank(${courses.search}, ${q}) desc`, courses.id)
    .limit(limit);
}

/**
 * Lessons of the courses the viewer may see, by title, or by text when their module is open to the
 * viewer's level (the courses domain's gate): a locked lesson's text is never matched nor returned.
 */
export async function findLessons(db: Queryable, { communityId, q, limit }: KindScope, administers: boolean, level: number) {
  const unlocked = unlockedModules(level);
  const rank = sql`ts_rank(${lessons.searchTitle}, ${q}) * 2 + case when ${unlocked} then ts_rank(${lessons.searchContent}, ${q}) else 0 end`;
  return db
    .select({
      id: lessons.id,
      title: lessons.title,
      courseId: courses.id,
      courseTitle: courses.title,
      locked: sql<boolean>`not (${unlocked})`,
      content: sql<string | null>`case when ${unlocked} then ${lessons.content} end`,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(and(visibleCourses(communityId, administers), sql`(${lessons.searchTitle} @@ ${q} or (${unlocked} and ${lessons.searchContent} @@ ${q}))`))
    .orderBy(sql`${rank} desc`, lessons.id)
    .limit(limit);
}
