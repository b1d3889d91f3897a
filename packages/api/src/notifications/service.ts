import { resultRows, type Queryable } from '@app/db';
import { communityMembers, courses, notificationFanOuts, notificationMutes, notificationPreferences, notifications, partners } from '@app/db/schema';
import { ALWAYS_KINDS, MENTION_KINDS, type NotificationKind } from '@app/shared/notifications';
import { and, eq, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { enqueueTask } from '../platform/jobs/tasks.ts';
import { publishToMany } from '../platform/live/publish.ts';
import { bellTopic } from './events.ts';
import { pushLater } from './push-queue.ts';

/** What a notification is about: ids only (the list reads their text at read time). */
export interface Subject {
  communityId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  eventId?: string | null;
  courseId?: string | null;
  moduleId?: string | null;
  data?: Record<string, string | number>;
}

export interface Notice extends Subject {
  recipientId: string;
  kind: NotificationKind;
  /** Who did it; null for what nobody did (a reminder, a payout). Never told of their own doing. */
  actorId: string | null;
  /** Unread rows with the same key become one ('Ana and 3 others liked your post'). */
  groupKey: string;
  /** A key that is never notified twice, read or not (a mention of one person in one post). */
  once?: boolean;
}

/** How many of a group's people a row remembers by name. */
const ACTORS_KEPT = 5;

/**
 * Tells people, in the caller's transaction: one row each (or one more person on an unread group's
 * row), and a ping to each one's bells once it commits. Nobody is told of what they did themselves.
 */
export async function notify(tx: Queryable, notices: Notice[]): Promise<void> {
  const fresh = await notYetTold(tx, distinct(notices.filter((notice) => notice.actorId !== notice.recipientId)));
  if (!fresh.length) return;
  // One statement for everyone (a post naming 50 people), the rows as one JSON parameter (drizzle's
  // VALUES list of 50 rows took longer to build than Postgres took to write it): each row new, or one
  // more person on an unread group's row, its newest actor the row's own (`excluded`).
  const rows = fresh.map((notice) => ({
    recipient_id: notice.recipientId,
    kind: notice.kind,
    actor_id: notice.actorId,
    group_key: notice.groupKey,
    community_id: notice.communityId ?? null,
    post_id: notice.postId ?? null,
    comment_id: notice.commentId ?? null,
    event_id: notice.eventId ?? null,
    course_id: notice.courseId ?? null,
    module_id: notice.moduleId ?? null,
    data: notice.data ?? {},
  }));
  const n = notifications;
  const actor = sql`excluded.actor_id`;
  const others = sql`array_remove(${n.actorIds}, ${actor})`;
  const told = resultRows<{ id: string; recipientId: string }>(
    await tx.execute(sql`
      insert into ${n} (recipient_id, kind, actor_id, actor_ids, group_key, community_id, post_id, comment_id, event_id, course_id, module_id, data)
      select r.recipient_id, r.kind, r.actor_id, case when r.actor_id is null then '{}'::uuid[] else array[r.actor_id] end, r.group_key,
        r.community_id, r.post_id, r.comment_id, r.event_id, r.course_id, r.module_id, r.data
      from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as r(recipient_id uuid, kind text, actor_id uuid, group_key text,
        community_id uuid, post_id uuid, comment_id uuid, event_id uuid, course_id uuid, module_id uuid, data jsonb)
      on conflict (recipient_id, group_key) where read_at is null do update set
        actor_id = ${actor},
        actor_ids = (${others} || ${actor})[greatest(1, cardinality(${others}) + 2 - ${ACTORS_KEPT}):],
        actor_count = ${n.actorCount} + case when ${actor} = any(${n.actorIds}) then 0 else 1 end,
        comment_id = excluded.comment_id,
        data = excluded.data,
        updated_at = now(),
        emailed_at = null,
        pushed_at = null
      returning id, recipient_id as "recipientId"`),
  );
  await publishToMany(tx, [...new Set(told.map((row) => row.recipientId))].map(bellTopic), { type: 'notifications.changed' });
  await pushLater(tx, told);
}

const keyOf = (notice: Pick<Notice, 'recipientId' | 'groupKey'>) => `${notice.recipientId} ${notice.groupKey}`;

/** One notice per person and group (a statement may touch a row once), the first kept. */
function distinct(notices: Notice[]): Notice[] {
  const byKey = new Map<string, Notice>();
  for (const notice of notices) if (!byKey.has(keyOf(notice))) byKey.set(keyOf(notice), notice);
  return [...byKey.values()];
}

/** Leaves out the `once` notices whose person and group were ever told, in one query. */
async function notYetTold(tx: Queryable, notices: Notice[]): Promise<Notice[]> {
  const once = notices.filter((notice) => notice.once);
  if (!once.length) return notices;
  const rows = await tx
    .select({ recipientId: notifications.recipientId, groupKey: notifications.groupKey })
    .from(notifications)
    .where(and(inArray(notifications.recipientId, [...new Set(once.map((n) => n.recipientId))]), inArray(notifications.groupKey, [...new Set(once.map((n) => n.groupKey))])));
  const told = new Set(rows.map(keyOf));
  return notices.filter((notice) => !notice.once || !told.has(keyOf(notice)));
}

/** Takes back what an undone act told (a like withdrawn by its only liker): rows no one else is named on. */
export async function withdraw(tx: Queryable, recipientId: string, groupKey: string, actorId: string): Promise<void> {
  const gone = await tx
    .delete(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt), eq(notifications.actorCount, 1), eq(notifications.actorId, actorId)))
    .returning({ id: notifications.id });
  if (gone.length) await publishToMany(tx, [bellTopic(recipientId)], { type: 'notifications.changed' });
}

/**
 * The notices about a comment deleted but kept to hold its replies, gone as a removed comment's go
 * (their rows cascade with it).
 */
export async function forgetComment(tx: Queryable, commentId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.commentId, commentId));
}

/**
 * What a recipient may see now: their 'Notify me about' choice (or `preference`, a device's own for
 * its pushes), the communities they did not mute, and access at read time: a community's
 * notifications while they are its member (a declined request's answer and a partner's news aside),
 * a course's while it is visible to members. What was deleted took its rows with it.
 */
export function visibleToRecipient(preference: SQL = notifyMeAbout(notifications.recipientId)): SQL {
  const n = notifications;
  const member = sql`exists (select 1 from ${communityMembers} m where m.community_id = ${n.communityId} and m.user_id = ${n.recipientId} and m.status = 'approved'
    and (${n.kind} <> 'join.requested' or m.role = 'owner'))`;
  const partner = sql`exists (select 1 from ${partners} p where p.user_id = ${n.recipientId})`;
  return and(
    or(sql`${preference} = 'all'`, and(sql`${preference} = 'mentions'`, inArray(n.kind, [...MENTION_KINDS])), inArray(n.kind, [...ALWAYS_KINDS])),
    sql`not exists (select 1 from ${notificationMutes} mu where mu.user_id = ${n.recipientId} and mu.community_id = ${n.communityId})`,
    or(
      isNull(n.communityId),
      eq(n.kind, 'join.declined'),
      and(inArray(n.kind, ['partner.member', 'partner.payout']), partner),
      and(sql`${n.kind} not like 'partner.%'`, member),
    ),
    or(isNull(n.courseId), sql`exists (select 1 from ${courses} c where c.id = ${n.courseId} and not c.is_private)`),
  )!;
}

/** A person's 'Notify me about' (all until they chose), for the person `userId` names in the query. */
export function notifyMeAbout(userId: AnyColumn): SQL<'all' | 'mentions' | 'nothing'> {
  return sql`coalesce((select ${notificationPreferences.notifyMeAbout} from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId}), 'all')`;
}

/** A notice to every member of a community, queued in the caller's transaction and done once per key. */
export interface FanOut {
  key: string;
  kind: NotificationKind;
  communityId: string;
  actorId: string | null;
  eventId?: string;
  courseId?: string;
  moduleId?: string;
}

export const FAN_OUT_TASK = 'notifications.fan-out';

/** Queues the fan-out: a job (not the request) writes one row per member, once however often it runs. */
export function fanOutLater(tx: Queryable, fanOut: FanOut): Promise<void> {
  return enqueueTask(tx, FAN_OUT_TASK, { ...fanOut });
}

/** How many members one statement tells. */
const FAN_OUT_CHUNK = 1000;

/** Tells every approved member (but the actor) of the community, in chunks; a key already done is skipped. */
export async function fanOut(db: Queryable, fanOut: FanOut): Promise<number> {
  return db.transaction(async (tx) => {
    const [first] = await tx.insert(notificationFanOuts).values({ key: fanOut.key }).onConflictDoNothing().returning();
    if (!first) return 0;
    let told = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const members = await tx
        .select({ userId: communityMembers.userId })
        .from(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, fanOut.communityId),
            eq(communityMembers.status, 'approved'),
            sql`${communityMembers.userId} > ${after}::uuid`,
            fanOut.actorId ? ne(communityMembers.userId, fanOut.actorId) : undefined,
          ),
        )
        .orderBy(communityMembers.userId)
        .limit(FAN_OUT_CHUNK);
      if (members.length === 0) break;
      after = members.at(-1)!.userId;
      const rows = await tx
        .insert(notifications)
        .values(
          members.map(({ userId }) => ({
            recipientId: userId,
            kind: fanOut.kind,
            actorId: fanOut.actorId,
            actorIds: fanOut.actorId ? [fanOut.actorId] : [],
            groupKey: fanOut.key,
            communityId: fanOut.communityId,
            eventId: fanOut.eventId ?? null,
            courseId: fanOut.courseId ?? null,
            moduleId: fanOut.moduleId ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: notifications.id, recipientId: notifications.recipientId });
      told += rows.length;
      await publishToMany(tx, rows.map((r) => bellTopic(r.recipientId)), { type: 'notifications.changed' });
      await pushLater(tx, rows);
    }
    return told;
  });
}
