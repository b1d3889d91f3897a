import type { Database } from '@app/db';
import { communityEvents, notificationFanOuts } from '@app/db/schema';
import { NOTIFICATION_KINDS } from '@app/shared/notifications';
import { and, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createHousekeeping, type Housekeeping, type HousekeepingTask } from '../platform/jobs/scheduler.ts';
import { createTaskWorker, type TaskLog, type TaskWorker } from '../platform/jobs/tasks.ts';
import { PUSH_TASK } from './push-queue.ts';
import { sendPushes } from './push-send.ts';
import { FAN_OUT_TASK, fanOut } from './service.ts';
import type { WebPushConfig } from './web-push.ts';

const fanOutPayload = z.object({
  key: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  communityId: z.uuid(),
  actorId: z.uuid().nullable(),
  eventId: z.uuid().optional(),
  courseId: z.uuid().optional(),
  moduleId: z.uuid().optional(),
});

/** The worker that tells a community's members of a new event, course or module (queued by fanOutLater). */
export function createFanOutWorker({ database, log }: { database: Database; log: TaskLog }): TaskWorker {
  return createTaskWorker({
    database,
    task: FAN_OUT_TASK,
    log,
    pollMs: 2000,
    async run(payload) {
      const task = fanOutPayload.safeParse(payload);
      if (!task.success) return void log.error({ payload }, 'notification fan-out cannot be read; dropped');
      await fanOut(database.db, task.data);
    },
  });
}

const pushPayload = z.object({ ids: z.array(z.uuid()).max(10_000) });

/**
 * The worker that pushes new notifications to their recipients' devices (queued by notify and
 * fanOut). With pushes off (no VAPID keys) their tasks are dropped.
 */
export function createPushWorker({ database, webPush, log }: { database: Database; webPush: WebPushConfig | null; log: TaskLog }): TaskWorker {
  return createTaskWorker({
    database,
    task: PUSH_TASK,
    log,
    pollMs: 2000,
    async run(payload) {
      const task = pushPayload.safeParse(payload);
      if (!task.success) return void log.error({ payload }, 'push task cannot be read; dropped');
      if (webPush) await sendPushes(database, webPush, task.data.ids, log);
    },
  });
}

/** The key of an event's reminder: a rescheduled event is reminded again, at its new time. */
const reminderKey = sql<string>`'event.starting:' || ${communityEvents.id} || ':' || extract(epoch from ${communityEvents.startTimestamp})::bigint`;

/**
 * Events whose reminder time has come (start minus its reminder minutes) and that have not started:
 * each is told to its community's members once.
 */
export const eventReminders: HousekeepingTask = {
  name: 'event-reminders',
  everyMs: 20_000,
  async run(database) {
    const due = await database.db
      .select({ id: communityEvents.id, communityId: communityEvents.communityId, key: reminderKey })
      .from(communityEvents)
      .where(
        and(
          isNotNull(communityEvents.reminderMinutes),
          lte(sql`${communityEvents.startTimestamp} - make_interval(mins => ${communityEvents.reminderMinutes})`, sql`now()`),
          gt(communityEvents.startTimestamp, sql`now()`),
          notExists(database.db.select().from(notificationFanOuts).where(sql`${notificationFanOuts.key} = ${reminderKey}`)),
        ),
      )
      .limit(100);
    let told = 0;
    for (const event of due) {
      told += await fanOut(database.db, { key: event.key, kind: 'event.starting', communityId: event.communityId, actorId: null, eventId: event.id });
    }
    return told;
  },
};

/** The notifications' background work: fan-outs and pushes as they are queued, reminders as they fall due. */
export function createNotificationJobs({
  database,
  webPush,
  log,
}: {
  database: Database;
  webPush: WebPushConfig | null;
  log: TaskLog & { info(details: object, message: string): void };
}) {
  const fanOuts = createFanOutWorker({ database, log });
  const pushes = createPushWorker({ database, webPush, log });
  const schedule: Housekeeping = createHousekeeping(database, [eventReminders], log);
  return {
    fanOuts,
    pushes,
    schedule,
    async start() {
      await fanOuts.start();
      await pushes.start();
      schedule.start();
    },
    async stop() {
      schedule.stop();
      await pushes.stop();
      await fanOuts.stop();
    },
  };
}
export type NotificationJobs = ReturnType<typeof createNotificationJobs>;
