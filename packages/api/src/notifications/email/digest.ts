import { resultRows, type Queryable } from '@app/db';
import { communityMembers, emailsSent, notificationMutes, profiles } from '@app/db/schema';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { appLinks, type AppLinks } from './links.ts';
import type { DigestPost, EmailJob } from './model.ts';
import { communicationOn, digestChoice, displayName, excerpt, languageOf, recipientColumns } from './recipients.ts';

export type DigestPeriod = 'daily' | 'weekly';

/** Posts a digest lists at most. */
const POSTS_PER_DIGEST = 5;
/** People one transaction writes digests for. */
const CHUNK = 1000;

/** The period a digest covers, named (the key that makes it once per person): '2026-11-27' or '2026-W48'. */
export function periodKey(period: DigestPeriod, now: Date): string {
  if (period === 'daily') return now.toISOString().slice(0, 10);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

interface Candidate extends DigestPost {
  communityId: string;
  activity: number;
}

/** The most active posts (likes and comments within the period) of every community, a few each. */
async function activePosts(db: Queryable, period: DigestPeriod, links: AppLinks): Promise<Map<string, Candidate[]>> {
  const since = sql.raw(period === 'daily' ? `now() - interval '1 day'` : `now() - interval '7 days'`);
  type Row = { community_id: string; community: string; content: string; full_name: string | null; username: string; likes: number; comments: number };
  const result: unknown = await db.execute(sql`
    with activity as (
      select post_id, count(*) filter (where kind = 'like')::int as likes, count(*) filter (where kind = 'comment')::int as comments
      from (
        select post_id, 'like' as kind from post_likes where created_at > ${since}
        union all
        select post_id, 'comment' from comments where created_at > ${since} and deleted_at is null
      ) a group by post_id
    ), ranked as (
      select p.community_id, p.content, p.user_id, a.likes, a.comments,
        row_number() over (partition by p.community_id order by a.likes + a.comments desc, p.created_at desc) as rank
      from activity a join posts p on p.id = a.post_id
    )
    select r.community_id, c.name as community, r.content, pr.full_name, pr.username, r.likes, r.comments
    from ranked r join communities c on c.id = r.community_id join profiles pr on pr.id = r.user_id
    where r.rank <= ${POSTS_PER_DIGEST} and not c.is_forum`);
  const byCommunity = new Map<string, Candidate[]>();
  const rows = resultRows<Row>(result);
  for (const row of rows) {
    const list = byCommunity.get(row.community_id) ?? [];
    list.push({
      communityId: row.community_id,
      title: excerpt(row.content),
      community: row.community,
      author: displayName({ fullName: row.full_name, username: row.username }),
      likes: row.likes,
      comments: row.comments,
      activity: row.likes + row.comments,
      link: links.community(row.community),
    });
    byCommunity.set(row.community_id, list);
  }
  return byCommunity;
}

/**
 * Queues the period's digest for everyone who chose it (communication e-mails on): the most active
 * posts of the communities they belong to and did not mute. Each person's digest is recorded in
 * `emails_sent` under the period's key by the statement that takes it, so it is queued once however
 * often this runs; people are taken a chunk per transaction. Resolves with how many were queued.
 */
export async function queueDigests(
  db: Queryable,
  period: DigestPeriod,
  links: AppLinks,
  enqueue: (tx: Queryable, jobs: EmailJob[]) => Promise<void>,
  now = new Date(),
): Promise<number> {
  const posts = await activePosts(db, period, links);
  if (posts.size === 0) return 0;
  const key = periodKey(period, now);
  let queued = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const people = await db
      .select({
        ...recipientColumns,
        communityIds: sql<string[]>`array_agg(${communityMembers.communityId})`,
      })
      .from(profiles)
      .innerJoin(communityMembers, and(eq(communityMembers.userId, profiles.id), eq(communityMembers.status, 'approved')))
      .where(
        and(
          gt(profiles.id, after),
          sql`${digestChoice} = ${period}`,
          communicationOn,
          sql`not exists (select 1 from ${notificationMutes} mu where mu.user_id = ${profiles.id} and mu.community_id = ${communityMembers.communityId})`,
          sql`not exists (select 1 from ${emailsSent} s where s.key = ${`digest:${period}:${key}:`} || ${profiles.id})`,
        ),
      )
      .groupBy(profiles.id)
      .orderBy(asc(profiles.id))
      .limit(CHUNK);
    if (people.length === 0) break;
    after = people.at(-1)!.userId;
    const jobs: Array<EmailJob & { userId: string }> = [];
    for (const person of people) {
      const mine = person.communityIds.flatMap((id) => posts.get(id) ?? []);
      if (mine.length === 0) continue;
      const top = mine.sort((a, b) => b.activity - a.activity).slice(0, POSTS_PER_DIGEST);
      jobs.push({
        userId: person.userId,
        to: person.email,
        language: languageOf(person.language),
        community: null,
        content: { kind: 'digest', period, posts: top.map(({ communityId: _c, activity: _a, ...post }) => post) },
        unsubscribe: 'digest',
      });
    }
    if (jobs.length === 0) continue;
    queued += await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(emailsSent)
        .values(jobs.map((job) => ({ key: `digest:${period}:${key}:${job.userId}`, userId: job.userId })))
        .onConflictDoNothing()
        .returning({ userId: emailsSent.userId });
      const taken = new Set(recorded.map((r) => r.userId));
      const mine = jobs.filter((job) => taken.has(job.userId));
      await enqueue(tx, mine);
      return mine.length;
    });
  }
  return queued;
}

/** queueDigests with the links of PUBLIC_URL (the bench runs the weekly scan itself). */
export function queueDigestsFor(db: Queryable, period: DigestPeriod, publicUrl: string, enqueue: (tx: Queryable, jobs: EmailJob[]) => Promise<void>) {
  return queueDigests(db, period, appLinks(publicUrl), enqueue);
}
