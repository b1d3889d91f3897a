import { comments, communityMembers, posts, profiles, reports } from '@app/db/schema';
import { plainMentions, type MentionedPerson } from '@app/shared/mentions';
import { REPORT_QUEUE_PAGE_SIZE, reportQueueInput, type ReportKind, type ReportReason } from '@app/shared/moderation';
import { outranks, type CommunityRole } from '@app/shared/roles';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { moderatorProcedure } from '../core/trpc.ts';
import { mentionsOf } from '../membership/mentions.ts';
import { openReportCount, openReports } from './service.ts';

/** How much of a post or comment the queue shows. */
const EXCERPT = 280;
/** The reporters' own words shown per item, the newest. */
const DETAILS_SHOWN = 5;

const lastReported = sql`max(${reports.createdAt})`;

/**
 * The open reports, for moderators, admins and the owner: one group per item (newest report
 * first, paged), with the item as it is now (a post's or comment's text, or the member), its
 * author, the reasons and how many reported, the reporters' words, and whether the caller may act
 * on it (they outrank its author; the owner may also dismiss reports about themselves).
 */
export const queue = moderatorProcedure.input(reportQueueInput).query(async ({ ctx, input }) => {
  const communityId = ctx.community.id;
  const groups = await ctx.db
    .select({
      kind: reports.kind,
      itemId: reports.itemId,
      subjectId: sql<string>`(array_agg(${reports.subjectId}))[1]`,
      count: sql<number>`count(*)::int`,
      reasons: sql<ReportReason[]>`array_agg(${reports.reason})`,
      details: sql<string[] | null>`(array_agg(${reports.details} order by ${reports.createdAt} desc) filter (where ${reports.details} is not null))[1:${sql.raw(String(DETAILS_SHOWN))}]`,
      firstReportedAt: sql<Date>`min(${reports.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      lastReportedAt: sql<Date>`${lastReported}`.mapWith((v: string | Date) => new Date(v)),
      cursorAt: sql<string>`to_char(${lastReported} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(reports)
    .where(openReports(communityId))
    .groupBy(reports.kind, reports.itemId)
    .having(
      input.cursor
        ? sql`(${lastReported} < ${input.cursor.at}::timestamptz or (${lastReported} = ${input.cursor.at}::timestamptz and ${reports.itemId} < ${input.cursor.item}::uuid))`
        : undefined,
    )
    .orderBy(desc(lastReported), desc(reports.itemId))
    .limit(REPORT_QUEUE_PAGE_SIZE + 1);
  const page = groups.slice(0, REPORT_QUEUE_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = groups.length > REPORT_QUEUE_PAGE_SIZE && last ? { at: last.cursorAt, item: last.itemId } : null;

  const ids = (kind: ReportKind) => page.filter((g) => g.kind === kind).map((g) => g.itemId);
  const subjectIds = [...new Set(page.map((g) => g.subjectId))];
  const [postRows, commentRows, people, roles] = await Promise.all([
    ids('post').length
      ? ctx.db
          .select({ id: posts.id, text: sql<string>`left(${posts.content}, 2000)`, mentions: mentionsOf(posts.content, posts.communityId), createdAt: posts.createdAt })
          .from(posts)
          .where(inArray(posts.id, ids('post')))
      : [],
    ids('comment').length
      ? ctx.db
          .select({ id: comments.id, postId: comments.postId, text: sql<string>`left(${comments.content}, 2000)`, mentions: mentionsOf(comments.content, posts.communityId), createdAt: comments.createdAt })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(inArray(comments.id, ids('comment')))
      : [],
    subjectIds.length
      ? ctx.db.select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl }).from(profiles).where(inArray(profiles.id, subjectIds))
      : [],
    subjectIds.length
      ? ctx.db
          .select({ userId: communityMembers.userId, role: communityMembers.role })
          .from(communityMembers)
          .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.status, 'approved'), inArray(communityMembers.userId, subjectIds)))
      : [],
  ]);
  const excerpt = (row: { text: string; mentions: MentionedPerson[] } | undefined) => (row ? plainMentions(row.text, row.mentions).slice(0, EXCERPT) : null);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const postsById = byId(postRows);
  const commentsById = byId(commentRows);
  const peopleById = byId(people);
  const roleOf = new Map(roles.map((r) => [r.userId, r.role as CommunityRole]));
  const myRole = ctx.membership!.role;

  const items = page.map(({ cursorAt: _cursorAt, reasons, subjectId, ...group }) => {
    const role: CommunityRole | null = subjectId === ctx.community.ownerId ? 'owner' : (roleOf.get(subjectId) ?? null);
    const post = group.kind === 'post' ? postsById.get(group.itemId) : undefined;
    const comment = group.kind === 'comment' ? commentsById.get(group.itemId) : undefined;
    const mayAct = outranks(myRole, role ?? 'member');
    return {
      ...group,
      kind: group.kind as ReportKind,
      reasons: countReasons(reasons),
      details: group.details ?? [],
      author: { ...(peopleById.get(subjectId) ?? { id: subjectId, username: '', fullName: null, avatarUrl: null }), role, member: role !== null },
      post: post ? { id: post.id, excerpt: excerpt(post), createdAt: post.createdAt } : null,
      comment: comment ? { id: comment.id, postId: comment.postId, excerpt: excerpt(comment), createdAt: comment.createdAt } : null,
      mayAct,
      mayDismiss: mayAct || myRole === 'owner',
    };
  });
  return { items, nextCursor, openCount: input.cursor ? null : await openReportCount(ctx.db, communityId) };
});

/** Each reason with how many gave it, the most given first. */
function countReasons(reasons: ReportReason[]): Array<{ reason: ReportReason; count: number }> {
  const counts = new Map<ReportReason, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}
