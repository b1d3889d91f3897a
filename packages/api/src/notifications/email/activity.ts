import type { Queryable } from '@app/db';
import { communities, communityMembers, messages, notificationMutes, notifications, posts, profiles } from '@app/db/schema';
import { SOCIAL_EMAIL_KINDS } from '@app/shared/notifications';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import { visibleToRecipient } from '../service.ts';
import type { AppLinks } from './links.ts';
import type { ActivityItem, EmailJob } from './model.ts';
import { displayName, excerpt, languageOf, notifyMeAbout, recipientColumns, socialOn } from './recipients.ts';

/** Things unseen for longer than this are not e-mailed at all (an old backlog, a long absence). */
const STALE = sql`now() - interval '7 days'`;

/** Unread, unemailed social notifications a person may see, unseen for at least `batchSeconds`. */
function pendingNotifications(batchSeconds: number) {
  return and(
    isNull(notifications.emailedAt),
    isNull(notifications.readAt),
    inArray(notifications.kind, [...SOCIAL_EMAIL_KINDS]),
    lte(notifications.createdAt, sql`now() - make_interval(secs => ${batchSeconds})`),
    sql`${notifications.createdAt} > ${STALE}`,
    visibleToRecipient(),
  );
}

/** Unread, unemailed messages to a member of the community who did not mute it and did not choose 'nothing'. */
function pendingMessages(batchSeconds: number) {
  return and(
    isNull(messages.readAt),
    isNull(messages.emailedAt),
    lte(messages.createdAt, sql`now() - make_interval(secs => ${batchSeconds})`),
    sql`${messages.createdAt} > ${STALE}`,
    sql`exists (select 1 from ${communityMembers} m where m.community_id = ${messages.communityId} and m.user_id = ${messages.receiverId} and m.status = 'approved')`,
    sql`not exists (select 1 from ${notificationMutes} mu where mu.user_id = ${messages.receiverId} and mu.community_id = ${messages.communityId})`,
  );
}

/**
 * People with something due, whose social e-mails are on: at most `limit` a round. Driven by the
 * pending rows (their partial indexes), never by a scan of everyone.
 */
export async function dueForActivity(db: Queryable, batchSeconds: number, limit = 200): Promise<string[]> {
  const fromNotifications = db.selectDistinct({ id: notifications.recipientId }).from(notifications).where(pendingNotifications(batchSeconds));
  const fromMessages = db.selectDistinct({ id: messages.receiverId }).from(messages).where(pendingMessages(batchSeconds));
  const due = union(fromNotifications, fromMessages).as('due');
  const rows = await db
    .select({ id: profiles.id })
    .from(due)
    .innerJoin(profiles, eq(profiles.id, due.id))
    .where(and(socialOn, sql`${notifyMeAbout} <> 'nothing'`))
    .limit(limit);
  return rows.map((r) => r.id);
}

const actor = alias(profiles, 'actor');

/**
 * One person's activity e-mail: every pending notification and unread message at once (one e-mail
 * for several), each marked e-mailed by the same statement that reads it, in the caller's
 * transaction, so nothing is told twice; null when nothing is left (another round took it).
 */
export async function activityEmail(tx: Queryable, userId: string, batchSeconds: number, links: AppLinks): Promise<EmailJob | null> {
  const [person] = await tx.select(recipientColumns).from(profiles).where(eq(profiles.id, userId));
  if (!person) return null;
  const marked = await tx
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(notifications.recipientId, userId), pendingNotifications(batchSeconds)))
    .returning({ id: notifications.id });
  const told = marked.length
    ? await tx
        .select({
          id: notifications.id,
          kind: notifications.kind,
          count: notifications.actorCount,
          actorName: actor.fullName,
          actorUsername: actor.username,
          community: communities.name,
          content: posts.content,
        })
        .from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .leftJoin(communities, eq(communities.id, notifications.communityId))
        .leftJoin(posts, eq(posts.id, notifications.postId))
        .where(inArray(notifications.id, marked.map((m) => m.id)))
        .orderBy(notifications.createdAt)
    : [];
  const sent = await tx
    .update(messages)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(messages.receiverId, userId), pendingMessages(batchSeconds)))
    .returning({ id: messages.id, senderId: messages.senderId, communityId: messages.communityId });
  if (told.length === 0 && sent.length === 0) return null;

  const items: ActivityItem[] = told.map((n) => ({
    type: n.kind as ActivityItem['type'],
    actor: n.actorUsername ? displayName({ fullName: n.actorName, username: n.actorUsername }) : '—',
    count: n.count,
    community: n.community ?? '',
    title: n.content ? excerpt(n.content) : null,
    link: n.community ? links.community(n.community) : links.settings,
  }));
  items.push(...(await messageItems(tx, sent, links)));
  const names = new Set(items.map((i) => i.community));
  const only = names.size === 1 ? await communityHeader(tx, [...names][0]!, links) : null;
  return {
    userId,
    to: person.email,
    language: languageOf(person.language),
    community: only,
    content: { kind: 'activity', items, notificationIds: told.map((n) => n.id), messageIds: sent.map((m) => m.id) },
    unsubscribe: 'social',
  };
}

/** 'You have 3 new messages from Ana in Garden Club': one line per sender and community, never the text. */
async function messageItems(tx: Queryable, sent: Array<{ senderId: string; communityId: string }>, links: AppLinks): Promise<ActivityItem[]> {
  if (sent.length === 0) return [];
  const groups = new Map<string, { senderId: string; communityId: string; count: number }>();
  for (const m of sent) {
    const key = `${m.senderId}:${m.communityId}`;
    const group = groups.get(key) ?? { ...m, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  const people = await tx.select({ id: profiles.id, fullName: profiles.fullName, username: profiles.username }).from(profiles).where(inArray(profiles.id, [...new Set(sent.map((m) => m.senderId))]));
  const places = await tx.select({ id: communities.id, name: communities.name }).from(communities).where(inArray(communities.id, [...new Set(sent.map((m) => m.communityId))]));
  return [...groups.values()].map((g) => {
    const sender = people.find((p) => p.id === g.senderId);
    const community = places.find((c) => c.id === g.communityId)?.name ?? '';
    return {
      type: 'messages' as const,
      actor: sender ? displayName(sender) : '—',
      count: g.count,
      community,
      title: null,
      link: sender ? links.chat(community, sender.username) : links.community(community),
    };
  });
}

/** A community's name and logo for an e-mail's header. */
export async function communityHeader(tx: Queryable, name: string, links: AppLinks) {
  const [row] = await tx.select({ name: communities.name, logoUrl: communities.logoUrl }).from(communities).where(eq(communities.name, name)).limit(1);
  return row ? { name: row.name, logoUrl: links.absolute(row.logoUrl) } : null;
}
