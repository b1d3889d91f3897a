import type { Database } from '@app/db';
import { communities, communityEvents, courseModules, courses, notificationPreferences, notifications, profiles, pushSubscriptions } from '@app/db/schema';
import { isLanguage } from '@app/shared/language';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TaskLog } from '../platform/jobs/tasks.ts';
import { pushText, pushUrl } from './push-text.ts';
import { visibleToRecipient } from './service.ts';
import { sendPush, type WebPushConfig } from './web-push.ts';

/** How many notifications one pass claims, and how many pushes go out at once. */
const CLAIM_BATCH = 200;
const SENDING_AT_ONCE = 10;

/**
 * A device's 'Notify me about': the mobile one on a phone or tablet while 'use different settings
 * for my mobile devices' is on, else the person's own ('all' until they save their preferences).
 */
const devicePreference = sql`coalesce((
  select case when p.mobile_settings and ${pushSubscriptions.mobile} then p.mobile_notify_me_about else p.notify_me_about end
  from ${notificationPreferences} p where p.user_id = ${notifications.recipientId}), 'all')`;

const actorName = sql<string | null>`(select coalesce(nullif(${profiles.fullName}, ''), ${profiles.username}) from ${profiles} where ${profiles.id} = ${notifications.actorId})`;

/**
 * Sends the pushes of these notifications, each at most once (claimed by setting pushed_at first):
 * to every device of its recipient that may see it now (visibleToRecipient, by the device's own
 * preference), unread. Devices the push service says are gone are forgotten.
 */
export async function sendPushes(database: Database, config: WebPushConfig, ids: string[], log: TaskLog): Promise<{ sent: number; gone: number; failed: number }> {
  const counts = { sent: 0, gone: 0, failed: 0 };
  for (let start = 0; start < ids.length; start += CLAIM_BATCH) {
    const claimed = await database.db
      .update(notifications)
      .set({ pushedAt: new Date() })
      .where(and(inArray(notifications.id, ids.slice(start, start + CLAIM_BATCH)), isNull(notifications.pushedAt), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (claimed.length === 0) continue;
    const n = notifications;
    const pushes = await database.db
      .select({
        id: n.id,
        kind: n.kind,
        actorCount: n.actorCount,
        data: n.data,
        actorName,
        communityName: communities.name,
        eventTitle: communityEvents.title,
        courseId: n.courseId,
        courseTitle: courses.title,
        moduleTitle: courseModules.title,
        device: { id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, language: pushSubscriptions.language },
      })
      .from(n)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, n.recipientId))
      .leftJoin(communities, eq(communities.id, n.communityId))
      .leftJoin(communityEvents, eq(communityEvents.id, n.eventId))
      .leftJoin(courses, eq(courses.id, n.courseId))
      .leftJoin(courseModules, eq(courseModules.id, n.moduleId))
      .where(and(inArray(n.id, claimed.map((row) => row.id)), visibleToRecipient(devicePreference)));
    for (let at = 0; at < pushes.length; at += SENDING_AT_ONCE) {
      const results = await Promise.all(
        pushes.slice(at, at + SENDING_AT_ONCE).map(async ({ device, ...facts }) => {
          const language = isLanguage(device.language) ? device.language : 'en';
          const message = { ...pushText(facts, language), url: pushUrl(facts), tag: facts.id, lang: language, dir: language === 'ar' ? ('rtl' as const) : ('ltr' as const) };
          const { outcome, error } = await sendPush(config, device, message);
          if (outcome === 'failed') log.warn({ err: error, subscription: device.id }, 'a push could not be sent');
          return { device: device.id, outcome };
        }),
      );
      const of = (outcome: string) => results.filter((result) => result.outcome === outcome).map((result) => result.device);
      if (of('gone').length) await database.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, of('gone')));
      if (of('sent').length) await database.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(inArray(pushSubscriptions.id, of('sent')));
      for (const result of results) counts[result.outcome] += 1;
    }
  }
  return counts;
}
