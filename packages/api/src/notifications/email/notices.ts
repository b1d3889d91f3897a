import type { Queryable } from '@app/db';
import { communities, communityEvents, communityMembers, emailsSent, notifications, profiles } from '@app/db/schema';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { visibleToRecipient } from '../service.ts';
import type { AppLinks } from './links.ts';
import type { EmailJob } from './model.ts';
import { communicationOn, languageOf, recipientColumns } from './recipients.ts';

/** Notifications e-mailed one by one as soon as they are made, under the communication switch. */
const NOTICE_KINDS = ['event.starting', 'join.approved', 'join.declined'] as const;

/**
 * Event reminders (at the event's reminder time: the reminder scan makes their rows then) and join
 * request decisions not yet read nor e-mailed: one e-mail each, the row marked e-mailed by the same
 * statement that takes it, in the caller's transaction.
 */
export async function noticeEmails(tx: Queryable, links: AppLinks, limit = 500): Promise<EmailJob[]> {
  const taken = await tx
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        tx
          .select({ id: notifications.id })
          .from(notifications)
          .innerJoin(profiles, eq(profiles.id, notifications.recipientId))
          .where(
            and(
              isNull(notifications.emailedAt),
              isNull(notifications.readAt),
              inArray(notifications.kind, [...NOTICE_KINDS]),
              sql`${notifications.createdAt} > now() - interval '1 day'`,
              communicationOn,
              visibleToRecipient(),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: notifications.id });
  if (taken.length === 0) return [];
  const rows = await tx
    .select({
      id: notifications.id,
      kind: notifications.kind,
      ...recipientColumns,
      community: communities.name,
      logoUrl: communities.logoUrl,
      event: communityEvents.title,
      startsAt: communityEvents.startTimestamp,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.recipientId))
    .innerJoin(communities, eq(communities.id, notifications.communityId))
    .leftJoin(communityEvents, eq(communityEvents.id, notifications.eventId))
    .where(inArray(notifications.id, taken.map((t) => t.id)));
  return rows.flatMap((row): EmailJob[] => {
    const header = { name: row.community, logoUrl: links.absolute(row.logoUrl) };
    const base = { userId: row.userId, to: row.email, language: languageOf(row.language), community: header, unsubscribe: 'communication' as const };
    if (row.kind === 'event.starting') {
      if (!row.event || !row.startsAt) return [];
      return [{ ...base, content: { kind: 'reminder', event: row.event, startsAt: row.startsAt.toISOString(), link: links.events(row.community), notificationId: row.id } }];
    }
    return [{ ...base, content: { kind: 'decision', approved: row.kind === 'join.approved', link: links.community(row.community), notificationId: row.id } }];
  });
}

/**
 * A welcome to each member who joined an open (not private) community within the last day: private
 * communities' members get the approval e-mail instead, so one joining is never told twice. Each
 * welcome is recorded in `emails_sent` by the statement that takes it.
 */
export async function welcomeEmails(tx: Queryable, links: AppLinks, limit = 500): Promise<EmailJob[]> {
  const due = await tx
    .select({ memberId: communityMembers.id, ...recipientColumns, community: communities.name, logoUrl: communities.logoUrl })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(
      and(
        eq(communityMembers.status, 'approved'),
        ne(communityMembers.role, 'owner'),
        eq(communities.isPrivate, false),
        sql`${communityMembers.joinedAt} > now() - interval '1 day'`,
        communicationOn,
        sql`not exists (select 1 from ${emailsSent} s where s.key = 'welcome:' || ${communityMembers.id})`,
      ),
    )
    .limit(limit);
  if (due.length === 0) return [];
  const recorded = await tx
    .insert(emailsSent)
    .values(due.map((d) => ({ key: `welcome:${d.memberId}`, userId: d.userId })))
    .onConflictDoNothing()
    .returning({ key: emailsSent.key });
  const keys = new Set(recorded.map((r) => r.key));
  return due
    .filter((d) => keys.has(`welcome:${d.memberId}`))
    .map((d) => ({
      userId: d.userId,
      to: d.email,
      language: languageOf(d.language),
      community: { name: d.community, logoUrl: links.absolute(d.logoUrl) },
      content: { kind: 'welcome', link: links.community(d.community) },
      unsubscribe: 'communication',
    }));
}
