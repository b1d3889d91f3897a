import type { Queryable } from '@app/db';
import { comments, moderationLog, reports } from '@app/db/schema';
import type { ModerationAction, ReportKind } from '@app/shared/moderation';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { moderationTopic } from './events.ts';

/** One line of the moderation log: who did what to whom, about which item, and why. */
export interface ModerationEntry {
  communityId: string;
  actorId: string;
  action: ModerationAction;
  /** The person acted on (an author, a member, an applicant). */
  targetId?: string | null;
  item?: { kind: ReportKind; id: string } | null;
  /** The moderator's own words, if any. */
  reason?: string | null;
  /** Small facts: the reports' reasons and count, a role given. */
  data?: Record<string, string | number>;
}

/**
 * Writes a line of the moderation log in the caller's transaction (every domain's moderation
 * actions call it), and tells the community's open moderation views once it commits.
 */
export async function logModeration(tx: Queryable, entry: ModerationEntry): Promise<void> {
  await tx.insert(moderationLog).values({
    communityId: entry.communityId,
    actorId: entry.actorId,
    action: entry.action,
    targetId: entry.targetId ?? null,
    itemKind: entry.item?.kind ?? null,
    itemId: entry.item?.id ?? null,
    reason: entry.reason ?? null,
    data: entry.data ?? {},
  });
  await tellModerators(tx, entry.communityId);
}

/** The open reports or the log changed: moderators' open views read them again. */
export function tellModerators(tx: Queryable, communityId: string): Promise<unknown> {
  return publish(tx, moderationTopic(communityId), { type: 'moderation.changed' });
}

/**
 * The open reports of a community whose item is still there to act on: a comment its author
 * deleted (kept, emptied, for its replies) leaves the queue; a deleted post took its reports along.
 */
export function openReports(communityId: string): SQL {
  return and(
    eq(reports.communityId, communityId),
    eq(reports.status, 'open'),
    sql`(${reports.kind} <> 'comment' or exists (select 1 from ${comments} c where c.id = ${reports.itemId} and c.deleted_at is null))`,
  )!;
}

/** How many items have open reports (the control panel's count). */
export async function openReportCount(db: Queryable, communityId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct ${reports.itemId})::int` }).from(reports).where(openReports(communityId));
  return row?.n ?? 0;
}
